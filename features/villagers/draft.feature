Feature: Villagers solo draft phase

  Rule: VL-DRAFT-TAKE Take a face-up road villager onto the square

    @VL-DRAFT-TAKE
    Scenario: Taking a road villager puts it on the square
      Given a villagers game at step "take" with:
        """
        road = Brewer, Cooper, Wheeler
        """
      When player 0 plays:
        """
        {"type": "take_road", "card": "Cooper", "coins": 0}
        """
      Then the position has:
        """
        player.square = ["Cooper"]
        step = "countess"
        """
      And the road is "Brewer, Wheeler"

    @VL-DRAFT-TAKE
    Scenario: A villager that is not on the road cannot be taken
      Given a villagers game at step "take" with:
        """
        road = Brewer, Cooper
        """
      When player 0 plays:
        """
        {"type": "take_road", "card": "Jeweler", "coins": 0}
        """
      Then the action is rejected citing rule "VL-DRAFT-TAKE"

    @VL-DRAFT-TAKE
    Scenario Outline: A road draft of the wrong shape (<what>) is refused as malformed
      Given a villagers game at step "take" with:
        """
        road = Cooper(1), Fisher
        """
      When the action is applied:
        """
        <action>
        """
      Then the action is refused as malformed

      Examples:
        | what | action |
        | a card given as a number | {"actor": 0, "type": "take_road", "card": 5, "coins": 0} |
        | coins given as text | {"actor": 0, "type": "take_road", "card": "Cooper", "coins": "1"} |
        | coins given as true | {"actor": 0, "type": "take_road", "card": "Cooper", "coins": true} |

  Rule: VL-DRAFT-STACK Or the top card of any stack

    @VL-DRAFT-STACK @reading:countess_builds=every_draft
    Scenario: The top of a face-down stack is a chance draw onto the square
      Given a villagers game at step "take"
      When player 0 plays:
        """
        {"type": "take_stack", "stack": 3}
        """
      Then the position has:
        """
        chance.kind = "square"
        chance.stack = 3
        """
      When chance reveals:
        """
        {"type": "draw", "card": "Jeweler"}
        """
      Then the position has:
        """
        player.square = ["Jeweler"]
        stacks.3.hidden = 4
        step = "countess"
        """

    @VL-DRAFT-STACK
    Scenario Outline: A stack draft of the wrong shape (<what>) is refused as malformed
      Given a villagers game at step "take"
      When the action is applied:
        """
        <action>
        """
      Then the action is refused as malformed

      Examples:
        | what | action |
        | a stack given as text | {"actor": 0, "type": "take_stack", "stack": "0"} |
        | a stack given as true | {"actor": 0, "type": "take_stack", "stack": true} |

    @VL-DRAFT-STACK @VL-SETUP-STACKS
    Scenario Outline: No card can be drafted from stack <stack>, which does not exist
      Given a villagers game at step "take"
      When player 0 plays:
        """
        {"type": "take_stack", "stack": <stack>}
        """
      Then the action is rejected citing rule "VL-DRAFT-STACK"

      Examples:
        | stack |
        | 6     |
        | -1    |

    @VL-DRAFT-STACK @VL-SETUP-STACKS
    Scenario: A position loaded with a draft pending from the first stack draws from it
      Given a villagers game at step "countess" with:
        """
        chance = {"kind": "square", "stack": 0}
        """
      When chance reveals:
        """
        {"type": "draw", "card": "Fisher"}
        """
      Then the position has:
        """
        player.square = ["Fisher"]
        stacks.0.hidden = 4
        """

    @VL-DRAFT-STACK @VL-SETUP-STACKS
    Scenario: A position loaded with a draft pending from the sixth stack draws from it
      Given a villagers game at step "countess" with:
        """
        chance = {"kind": "square", "stack": 5}
        """
      When chance reveals:
        """
        {"type": "draw", "card": "Fisher"}
        """
      Then the position has:
        """
        player.square = ["Fisher"]
        stacks.5.hidden = 4
        """

    @VL-DRAFT-STACK
    Scenario: A stack down to its last hidden card can still be drafted from
      Given a villagers game at step "take" with:
        """
        stacks.3.hidden = 1
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "take_stack", "stack": 3}
        """

  Rule: VL-DRAFT-COINS Coins on the taken card go to the player

    @VL-DRAFT-COINS
    Scenario: Taking a road villager with 2 coins on it gains 2 gold
      Given a villagers game at step "take" with:
        """
        road = Brewer(2), Cooper
        """
      When player 0 plays:
        """
        {"type": "take_road", "card": "Brewer", "coins": 2}
        """
      Then "player.gold" is 10

  Rule: VL-DRAFT-COUNTESS The Countess builds a road villager of the player's choice

    @VL-DRAFT-COUNTESS
    Scenario: The chosen road villager goes into the Countess's village
      Given a villagers game at step "countess" with:
        """
        road = Brewer, Cooper, Wheeler, Seeker, Mason
        stacks.0.known = ["Hunter", "Hunter"]
        """
      When player 0 plays:
        """
        {"type": "countess_build", "card": "Wheeler", "coins": 0}
        """
      Then the Countess's village is "Wheeler"

    # The road is full (six villagers) and the top card of stack 0 is a known Hunter, so a
    # draft from stack 0 needs no chance draw and empties no road place.

    @VL-DRAFT-COUNTESS @VL-DRAFT-STACK @reading:countess_builds=every_draft
    Scenario: After a draft from a stack the Countess builds from the road too
      Given a villagers game at step "take" with:
        """
        road = Brewer, Cooper, Wheeler, Seeker, Mason, Carpenter
        stacks.0.known = ["Hunter"]
        """
      When player 0 plays:
        """
        {"type": "take_stack", "stack": 0}
        """
      Then the position has:
        """
        player.square = ["Hunter"]
        step = "countess"
        """
      When player 0 plays:
        """
        {"type": "countess_build", "card": "Cooper", "coins": 0}
        """
      Then the Countess's village is "Cooper"

    @VL-DRAFT-COUNTESS @VL-DRAFT-STACK @reading:countess_builds=road_draft
    Scenario: Under the road-draft reading a draft from a stack gives the Countess nothing
      Given a villagers game at step "take" with:
        """
        options.countess_builds = "road_draft"
        road = Brewer, Cooper, Wheeler, Seeker, Mason, Carpenter
        stacks.0.known = ["Hunter"]
        """
      When player 0 plays:
        """
        {"type": "take_stack", "stack": 0}
        """
      Then the position has:
        """
        player.square = ["Hunter"]
        countess.village = []
        draft.taken = 1
        step = "take"
        """
      And the road is "Brewer, Carpenter, Cooper, Mason, Seeker, Wheeler"

    @VL-DRAFT-COUNTESS @VL-DRAFT-TAKE @reading:countess_builds=road_draft
    Scenario: Under the road-draft reading a draft from the road still gives the Countess her build
      Given a villagers game at step "take" with:
        """
        options.countess_builds = "road_draft"
        road = Brewer, Cooper, Wheeler, Seeker, Mason, Carpenter
        """
      When player 0 plays:
        """
        {"type": "take_road", "card": "Mason", "coins": 0}
        """
      Then "step" is "countess"
      When player 0 plays:
        """
        {"type": "countess_build", "card": "Cooper", "coins": 0}
        """
      Then the Countess's village is "Cooper"

    @VL-DRAFT-COUNTESS @VL-DRAFT-REFILL
    Scenario: With the road emptied by the draft the Countess builds nothing and the refill follows
      Given a villagers game at step "take" with:
        """
        road = Cooper
        """
      When player 0 plays:
        """
        {"type": "take_road", "card": "Cooper", "coins": 0}
        """
      Then the position has:
        """
        countess.village = []
        chance = {"kind": "road", "stack": 0}
        """

  Rule: VL-COUNTESS-BUILD The Countess ignores chains and padlocks

    @VL-COUNTESS-BUILD
    Scenario: The Countess builds a Jeweler with no Spelunker and pays no padlock
      Given a villagers game at step "countess" with:
        """
        road = Jeweler, Cooper
        stacks.0.known = ["Fisher", "Fisher", "Hunter", "Hunter", "Mason"]
        """
      When player 0 plays:
        """
        {"type": "countess_build", "card": "Jeweler", "coins": 0}
        """
      Then the Countess's village is "Jeweler"
      And the position has:
        """
        player.gold = 8
        countess.gold = 1
        """

  Rule: VL-DRAFT-COUNTESS-COINS Coins on her card go to the player

    @VL-DRAFT-COUNTESS-COINS
    Scenario: The player takes the 3 coins on the card the Countess builds
      Given a villagers game at step "countess" with:
        """
        road = Cooper(3), Brewer
        stacks.0.known = ["Fisher", "Fisher", "Hunter", "Hunter", "Mason"]
        """
      When player 0 plays:
        """
        {"type": "countess_build", "card": "Cooper", "coins": 3}
        """
      Then the position has:
        """
        player.gold = 11
        countess.gold = 1
        """
      And the Countess's village is "Cooper"

  Rule: VL-DRAFT-REFILL Empty places are refilled from the leftmost stack

    @VL-DRAFT-REFILL @VL-DRAFT-REFILL-ALL
    Scenario: Two empty places are filled from the leftmost stack, then the next one
      Given a villagers game at step "countess" with:
        """
        road = Brewer, Cooper, Wheeler, Seeker, Mason
        stacks.0.known = ["Fisher"]
        stacks.0.hidden = 0
        stacks.1.known = ["Hunter", "Graper"]
        """
      When player 0 plays:
        """
        {"type": "countess_build", "card": "Brewer", "coins": 0}
        """
      Then the road is "Cooper, Fisher, Graper, Mason, Seeker, Wheeler"
      And the position has:
        """
        stacks.0.known = []
        stacks.1.known = ["Hunter"]
        draft.taken = 1
        """

    @VL-DRAFT-REFILL
    Scenario: A leftmost stack down to its last hidden card still refills the road
      Given a villagers game at step "countess" with:
        """
        road = Brewer, Cooper, Wheeler, Seeker, Mason
        stacks.0.hidden = 1
        """
      When player 0 plays:
        """
        {"type": "countess_build", "card": "Brewer", "coins": 0}
        """
      Then the position has:
        """
        chance.kind = "road"
        chance.stack = 0
        """
      When chance reveals:
        """
        {"type": "draw", "card": "Fisher"}
        """
      Then "stacks.0.hidden" is 0
      And the road is "Cooper, Fisher, Mason, Seeker, Wheeler"

  Rule: VL-DRAFT-REFILL-RESERVE With no stack left the reserve refills

    @VL-DRAFT-REFILL-RESERVE
    Scenario: With every stack gone the refill draws from the reserve
      Given a villagers game at step "countess" with:
        """
        road = Brewer, Cooper, Wheeler, Seeker, Mason
        stacks.0.hidden = 0
        stacks.1.hidden = 0
        stacks.1.market = null
        stacks.2.hidden = 0
        stacks.3.hidden = 0
        stacks.4.hidden = 0
        stacks.5.hidden = 0
        stacks.5.market = null
        reserve = 10
        """
      When player 0 plays:
        """
        {"type": "countess_build", "card": "Brewer", "coins": 0}
        """
      Then the position has:
        """
        chance.kind = "road"
        chance.stack = null
        """
      When chance reveals:
        """
        {"type": "draw", "card": "Fisher"}
        """
      Then "reserve" is 9
      And the road is "Cooper, Fisher, Mason, Seeker, Wheeler"

    # Two places are empty after her build and the reserve holds one card: it fills one of
    # them, and with no stack and no reserve left the other stays empty.
    @VL-DRAFT-REFILL-RESERVE @VL-DRAFT-REFILL-NONE
    Scenario: With every stack gone the reserve's last card still refills the road
      Given a villagers game at step "countess" with:
        """
        road = Brewer, Cooper, Wheeler, Seeker, Mason
        stacks.0.hidden = 0
        stacks.1.hidden = 0
        stacks.1.market = null
        stacks.2.hidden = 0
        stacks.3.hidden = 0
        stacks.4.hidden = 0
        stacks.5.hidden = 0
        stacks.5.market = null
        reserve = 1
        unseen = {"Fisher": 1}
        """
      When player 0 plays:
        """
        {"type": "countess_build", "card": "Brewer", "coins": 0}
        """
      Then "chance" is {"kind": "road", "stack": null}
      When chance reveals:
        """
        {"type": "draw", "card": "Fisher"}
        """
      Then the road is "Cooper, Fisher, Mason, Seeker, Wheeler"
      And the position has:
        """
        reserve = 0
        chance = null
        """

    @VL-DRAFT-REFILL-RESERVE
    Scenario: The last face-down card of the game refills the road with certainty
      Given a villagers game at step "refill" with:
        """
        road = Brewer, Cooper, Wheeler, Seeker, Mason
        stacks.0.hidden = 0
        stacks.1.hidden = 0
        stacks.1.market = null
        stacks.2.hidden = 0
        stacks.3.hidden = 0
        stacks.4.hidden = 0
        stacks.5.hidden = 0
        stacks.5.market = null
        reserve = 1
        unseen = {"Fisher": 1}
        chance = {"kind": "road", "stack": null}
        """
      Then "chance" is {"kind": "road", "stack": null}
      And the chance outcomes are:
        """
        [{"action": {"type": "draw", "card": "Fisher"}, "probability": "1/1"}]
        """
      When chance reveals:
        """
        {"type": "draw", "card": "Fisher"}
        """
      Then the position has:
        """
        unseen = {}
        reserve = 0
        chance = null
        """
      And the road is "Brewer, Cooper, Fisher, Mason, Seeker, Wheeler"

  Rule: VL-DRAFT-REFILL-NONE With no reserve either the places stay empty

    @VL-DRAFT-REFILL-NONE
    Scenario: Nothing refills an empty road place when stacks and reserve are gone
      Given a villagers game at step "countess" with:
        """
        road = Brewer, Cooper, Wheeler, Seeker, Mason
        stacks.0.hidden = 0
        stacks.1.hidden = 0
        stacks.1.market = null
        stacks.2.hidden = 0
        stacks.3.hidden = 0
        stacks.4.hidden = 0
        stacks.5.hidden = 0
        stacks.5.market = null
        reserve = 0
        """
      When player 0 plays:
        """
        {"type": "countess_build", "card": "Brewer", "coins": 0}
        """
      Then the road is "Cooper, Mason, Seeker, Wheeler"
      And the position has:
        """
        draft.taken = 1
        """

    @VL-DRAFT-REFILL-NONE
    Scenario: A refill pending from an empty reserve is refused
      Given a villagers game at step "build" with:
        """
        reserve = 0
        """
      When the position is loaded:
        """
        phase = "draft"
        step = "road_reserve"
        chance = {"kind": "road", "stack": null}
        """
      Then the request is refused as malformed

    # Lines 32-34 go in order: the leftmost stack first, the reserve only when no stack is
    # left, and no refill only when the reserve is empty "too" (リザーブも). An empty reserve
    # with stacks still holding cards refills from the stacks as ever: the two places empty
    # after her build take stack 0's last card (Fisher), then stack 1's top card (Graper).
    @VL-DRAFT-REFILL-NONE
    Scenario: An empty reserve does not stop the refill while a stack still holds cards
      Given a villagers game at step "countess" with:
        """
        road = Brewer, Cooper, Wheeler, Seeker, Mason
        stacks.0.known = ["Fisher"]
        stacks.0.hidden = 0
        stacks.1.known = ["Hunter", "Graper"]
        reserve = 0
        """
      When player 0 plays:
        """
        {"type": "countess_build", "card": "Brewer", "coins": 0}
        """
      Then the road is "Cooper, Fisher, Graper, Mason, Seeker, Wheeler"

  Rule: VL-DRAFT-COUNT Repeat 2 + food icons times, at most 5

    @VL-DRAFT-COUNT
    Scenario: One food icon in the village gives three drafts
      Given a villagers game at step "countess_build" with:
        """
        reserve = 0
        village = Hayer > Grazier
        """
      Then the position has:
        """
        round = 2
        step = "take"
        draft.limit = 3
        draft.taken = 0
        """

    @VL-DRAFT-COUNT
    Scenario: Five food icons still give only five drafts
      Given a villagers game at step "countess_build" with:
        """
        reserve = 0
        village = Hayer > Grazier > Milk Maid ; Harvester ; Hunter
        """
      Then "draft.limit" is 5

    @VL-DRAFT-COUNT
    Scenario: Four food icons give 2 + 4 = 6 drafts, capped at 5
      Given a villagers game at step "countess_build" with:
        """
        reserve = 0
        village = Hayer > Grazier > Milk Maid ; Harvester
        """
      # Grazier 1 + Milk Maid 2 + Harvester 1
      Then "draft.limit" is 5

    # One food icon: three repetitions. The second is done once its refill is, and a third
    # is owed.
    @VL-DRAFT-COUNT
    Scenario: After the second of three drafts a third is owed
      Given a villagers game at step "countess" with:
        """
        village = Hayer > Grazier
        road = Brewer, Cooper, Wheeler, Seeker, Mason
        player.square = ["Fisher", "Jeweler"]
        draft.limit = 3
        draft.taken = 1
        stacks.0.known = ["Hunter", "Hunter"]
        """
      When player 0 plays:
        """
        {"type": "countess_build", "card": "Brewer", "coins": 0}
        """
      Then the position has:
        """
        step = "take"
        draft.taken = 2
        player.square = ["Fisher", "Jeweler"]
        """

    @VL-DRAFT-COUNT
    Scenario: A draft of six repetitions is refused: the count stops at 5
      Given a villagers game at step "take"
      When the position is loaded:
        """
        draft.limit = 6
        """
      Then the request is refused as malformed

    @VL-DRAFT-COUNT
    Scenario: A position with a draft taken beyond a limit of 0 is refused
      Given a villagers game at step "take"
      When the position is loaded:
        """
        draft = {"limit": 0, "taken": 1}
        """
      Then the request is refused as malformed

    @VL-DRAFT-COUNT @VL-BUILD-LIMIT
    Scenario: Before the first draft no repetition and no build is counted
      Given a new "villagers" game with 1 player
      Then the position has:
        """
        draft = {"limit": 0, "taken": 0}
        build = {"limit": 0, "built": 0, "basics": 0}
        """

  Rule: VL-DRAFT-DISCARD-REFILL Every empty road place is refilled from the reserve

    # Two villagers are discarded and one stays: five places are empty, and the refill goes on
    # past the two this discard emptied.
    @VL-DRAFT-DISCARD-REFILL @VL-DRAFT-DISCARD
    Scenario: The refill after the discard goes on until the road holds six
      Given a villagers game at step "coin" with:
        """
        road = Brewer, Cooper(1), Wheeler
        reserve = 10
        """
      When player 0 plays:
        """
        {"type": "no_coin"}
        """
      And chance reveals:
        """
        {"type": "draw", "card": "Fisher"}
        """
      And chance reveals:
        """
        {"type": "draw", "card": "Mason"}
        """
      Then the road is "Cooper(1), Fisher, Mason"
      And the position has:
        """
        reserve = 8
        step = "road_reserve"
        chance.kind = "road"
        """

    # Only the Brewer has no coin: one place is empty, one card refills it, and with six on
    # the road the refill is over and the build phase starts.
    @VL-DRAFT-DISCARD-REFILL
    Scenario: The refill after the discard stops once the road holds six
      Given a villagers game at step "coin" with:
        """
        road = Brewer, Cooper(1), Wheeler(1), Seeker(1), Mason(1), Fisher(1)
        reserve = 10
        """
      When player 0 plays:
        """
        {"type": "no_coin"}
        """
      And chance reveals:
        """
        {"type": "draw", "card": "Hunter"}
        """
      Then the road is "Cooper(1), Fisher(1), Hunter, Mason(1), Seeker(1), Wheeler(1)"
      And the position has:
        """
        reserve = 9
        chance = null
        """

    # Four places are empty and the reserve holds two cards: both are drawn, then the
    # reserve is empty and the build phase starts with two places still empty.
    @VL-DRAFT-DISCARD-REFILL
    Scenario: The refill after the discard draws the reserve's last two cards and stops
      Given a villagers game at step "coin" with:
        """
        road = Brewer, Cooper(1), Wheeler(1), Seeker
        reserve = 2
        """
      When player 0 plays:
        """
        {"type": "no_coin"}
        """
      And chance reveals:
        """
        {"type": "draw", "card": "Fisher"}
        """
      And chance reveals:
        """
        {"type": "draw", "card": "Mason"}
        """
      Then the road is "Cooper(1), Fisher, Mason, Wheeler(1)"
      And the position has:
        """
        reserve = 0
        chance = null
        """

  Rule: VL-DRAFT-COUNT-WHEN The food count is taken at the start of the draft

    @VL-DRAFT-COUNT-WHEN
    Scenario: Food villagers in hand do not raise the draft count
      Given a villagers game at step "countess_build" with:
        """
        reserve = 0
        player.hand = ["Grazier", "Harvester", "Hunter"]
        """
      Then "draft.limit" is 2

  Rule: VL-DRAFT-COMPULSORY The repetitions are compulsory

    @VL-DRAFT-COMPULSORY
    Scenario: After the first of two drafts the player must draft again
      Given a villagers game at step "countess" with:
        """
        road = Brewer, Cooper, Wheeler, Seeker, Mason
        player.square = ["Fisher"]
        stacks.0.known = ["Hunter", "Hunter"]
        """
      When player 0 plays:
        """
        {"type": "countess_build", "card": "Brewer", "coins": 0}
        """
      Then "player.square" is ["Fisher"]
      And the legal actions are exactly:
        """
        [{"actor": 0, "type": "take_road", "card": "Cooper", "coins": 0},
         {"actor": 0, "type": "take_road", "card": "Hunter", "coins": 0},
         {"actor": 0, "type": "take_road", "card": "Mason", "coins": 0},
         {"actor": 0, "type": "take_road", "card": "Seeker", "coins": 0},
         {"actor": 0, "type": "take_road", "card": "Wheeler", "coins": 0},
         {"actor": 0, "type": "take_stack", "stack": 0},
         {"actor": 0, "type": "take_stack", "stack": 1},
         {"actor": 0, "type": "take_stack", "stack": 2},
         {"actor": 0, "type": "take_stack", "stack": 3},
         {"actor": 0, "type": "take_stack", "stack": 4},
         {"actor": 0, "type": "take_stack", "stack": 5}]
        """

    # One food icon: 2 + 1 = 3 repetitions, no more and no fewer. The third ends the draft.
    @VL-DRAFT-COMPULSORY @VL-DRAFT-COUNT
    Scenario: The third of three compulsory drafts is the last
      Given a villagers game at step "countess" with:
        """
        village = Hayer > Grazier
        road = Brewer, Cooper, Wheeler, Seeker, Mason
        player.square = ["Fisher", "Jeweler"]
        draft.limit = 3
        draft.taken = 2
        stacks.0.known = ["Hunter", "Hunter"]
        """
      When player 0 plays:
        """
        {"type": "countess_build", "card": "Brewer", "coins": 0}
        """
      Then "step" is "coin"

    # The clean-up found no reserve to refill the road from, but the stacks still hold
    # cards: a draft from the top of any stack is still owed (line 26), so the draft goes on.
    @VL-DRAFT-COMPULSORY
    Scenario: With the road empty the draft still takes from a stack
      Given a villagers game at step "take" with:
        """
        road = 
        reserve = 0
        """
      Then the position has:
        """
        phase = "draft"
        step = "take"
        draft.taken = 0
        """
      And the legal actions are exactly:
        """
        [{"actor": 0, "type": "take_stack", "stack": 0},
         {"actor": 0, "type": "take_stack", "stack": 1},
         {"actor": 0, "type": "take_stack", "stack": 2},
         {"actor": 0, "type": "take_stack", "stack": 3},
         {"actor": 0, "type": "take_stack", "stack": 4},
         {"actor": 0, "type": "take_stack", "stack": 5}]
        """

  Rule: VL-DRAFT-EMPTY Repetitions lapse when nothing can be taken

    @VL-DRAFT-EMPTY
    Scenario: With no road, stacks or reserve the draft ends at once
      Given a villagers game at step "take" with:
        """
        road = 
        player.square = ["Fisher"]
        stacks.0.hidden = 0
        stacks.1.hidden = 0
        stacks.1.market = null
        stacks.2.hidden = 0
        stacks.3.hidden = 0
        stacks.4.hidden = 0
        stacks.5.hidden = 0
        stacks.5.market = null
        reserve = 0
        """
      Then the position has:
        """
        phase = "build"
        step = "build"
        player.hand = ["Fisher"]
        """

    # The player takes the road's last villager with no stack left: the Countess has
    # nothing to build, nothing refills the road, and the second repetition lapses.
    @VL-DRAFT-EMPTY
    Scenario: After the road's last villager is taken the Countess builds nothing
      Given a villagers game at step "take" with:
        """
        road = Brewer
        stacks.0.hidden = 0
        stacks.1.hidden = 0
        stacks.1.market = null
        stacks.2.hidden = 0
        stacks.3.hidden = 0
        stacks.4.hidden = 0
        stacks.5.hidden = 0
        stacks.5.market = null
        reserve = 0
        """
      When player 0 plays:
        """
        {"type": "take_road", "card": "Brewer", "coins": 0}
        """
      Then the position has:
        """
        player.hand = ["Brewer"]
        countess.village = []
        """

  Rule: VL-DRAFT-SQUARE The square goes to hand after the drafts

    @VL-DRAFT-SQUARE
    Scenario: The last repetition ends and the square joins the hand
      Given a villagers game at step "countess" with:
        """
        road = Brewer, Cooper, Wheeler, Seeker, Mason
        player.square = ["Fisher", "Jeweler"]
        player.hand = ["Agent"]
        draft.limit = 2
        draft.taken = 1
        stacks.0.known = ["Hunter", "Hunter"]
        """
      When player 0 plays:
        """
        {"type": "countess_build", "card": "Brewer", "coins": 0}
        """
      Then the position has:
        """
        player.square = []
        player.hand = ["Agent", "Fisher", "Jeweler"]
        step = "coin"
        """

    # Line 38 is the step after the repetitions of steps 1-3 (line 35): a repetition that
    # is not the last leaves the square as it is and the next repetition starts.
    @VL-DRAFT-SQUARE
    Scenario: A repetition that is not the last leaves the square on the board
      Given a villagers game at step "countess" with:
        """
        road = Brewer, Cooper, Wheeler, Seeker, Mason
        player.square = ["Fisher"]
        player.hand = ["Agent"]
        draft.limit = 3
        draft.taken = 1
        stacks.0.known = ["Hunter", "Hunter"]
        """
      When player 0 plays:
        """
        {"type": "countess_build", "card": "Brewer", "coins": 0}
        """
      Then the position has:
        """
        player.square = ["Fisher"]
        player.hand = ["Agent"]
        """

  Rule: VL-DRAFT-BANKCOIN One bank coin on one road villager, optionally

    @VL-DRAFT-BANKCOIN
    Scenario: A bank coin on the Brewer keeps it on the road
      Given a villagers game at step "coin" with:
        """
        road = Brewer, Cooper(1)
        """
      When player 0 plays:
        """
        {"type": "place_coin", "card": "Brewer", "coins": 0}
        """
      Then the road is "Brewer(1), Cooper(1)"
      And "player.gold" is 8

    @VL-DRAFT-BANKCOIN
    Scenario: The bank coin step offers declining it and a coin on each road villager
      Given a villagers game at step "coin" with:
        """
        road = Cooper, Fisher
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "no_coin"},
         {"actor": 0, "type": "place_coin", "card": "Cooper", "coins": 0},
         {"actor": 0, "type": "place_coin", "card": "Fisher", "coins": 0}]
        """

    @VL-DRAFT-BANKCOIN
    Scenario: A bank coin on a road villager that has one makes two
      Given a villagers game at step "coin" with:
        """
        road = Cooper(1), Fisher
        """
      When player 0 plays:
        """
        {"type": "place_coin", "card": "Cooper", "coins": 1}
        """
      Then "road" is [{"card": "Cooper", "coins": 2}]

    @VL-DRAFT-EMPTY @VL-DRAFT-BANKCOIN
    Scenario: With the road empty the bank coin step is skipped and the road refilled
      Given a villagers game at step "coin" with:
        """
        road = 
        reserve = 10
        """
      Then the position has:
        """
        step = "road_reserve"
        chance.kind = "road"
        chance.stack = null
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "no_coin"}
        """

  Rule: VL-DRAFT-DISCARD Road villagers without coins are discarded and replaced from the reserve

    @VL-DRAFT-DISCARD
    Scenario: Declining the coin discards every coinless road villager
      Given a villagers game at step "coin" with:
        """
        road = Brewer, Cooper(1), Wheeler
        discard = {}
        """
      When player 0 plays:
        """
        {"type": "no_coin"}
        """
      Then the road is "Cooper(1)"
      And "discard" is {"Brewer": 1, "Wheeler": 1}

    # Every road villager carries a coin: none is discarded, so no place is empty and
    # nothing is drawn from the reserve.
    @VL-DRAFT-DISCARD
    Scenario: A road of six villagers with coins keeps them all and draws nothing
      Given a villagers game at step "coin" with:
        """
        road = Brewer(1), Cooper(1), Wheeler(1), Seeker(1), Mason(1), Fisher(1)
        reserve = 10
        """
      When player 0 plays:
        """
        {"type": "no_coin"}
        """
      Then the road is "Brewer(1), Cooper(1), Fisher(1), Mason(1), Seeker(1), Wheeler(1)"
      And the position has:
        """
        reserve = 10
        chance = null
        step = "build"
        """

    @VL-DRAFT-DISCARD @VL-DRAFT-REFILL-NONE
    Scenario: The reserve's last card refills one road place and the rest stay empty
      Given a villagers game at step "coin" with:
        """
        road = Brewer, Cooper(1), Wheeler
        reserve = 1
        """
      When player 0 plays:
        """
        {"type": "no_coin"}
        """
      When chance reveals:
        """
        {"type": "draw", "card": "Fisher"}
        """
      Then the road is "Cooper(1), Fisher"
      And the position has:
        """
        reserve = 0
        step = "build"
        """
