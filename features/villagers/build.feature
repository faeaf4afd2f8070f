Feature: Villagers solo build phase

  Rule: VL-BUILD-ONLY-PLAYER Only the player acts in the build phase

    @VL-BUILD-ONLY-PLAYER
    Scenario: The Countess's village does not change during the build phase
      Given a villagers game at step "build" with:
        """
        player.hand = ["Harvester"]
        countess = Cooper
        """
      Then "to_act" is [0]
      When player 0 plays:
        """
        {"type": "build", "card": "Harvester", "column": null}
        """
      Then the Countess's village is "Cooper"
      And "to_act" is [0]

  Rule: VL-BUILD-HAND Build a villager from hand

    @VL-BUILD-HAND
    Scenario: A Harvester from hand starts its own column
      Given a villagers game at step "build" with:
        """
        player.hand = ["Harvester", "Fisher"]
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Harvester", "column": null}
        """
      Then the village is "Harvester"
      And the position has:
        """
        player.hand = ["Fisher"]
        build.built = 1
        """

    @VL-BUILD-HAND
    Scenario: A card that is not in hand cannot be built
      Given a villagers game at step "build" with:
        """
        player.hand = ["Fisher"]
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Harvester", "column": null}
        """
      Then the action is rejected citing rule "VL-BUILD-HAND"

    @VL-BUILD-HAND
    Scenario Outline: A build of the wrong shape (<what>) is refused as malformed
      Given a villagers game at step "build" with:
        """
        player.hand = ["Harvester"]
        """
      When the action is applied:
        """
        <action>
        """
      Then the action is refused as malformed

      Examples:
        | what | action |
        | a card given as a number | {"actor": 0, "type": "build", "card": 5, "column": null} |
        | a column given as text | {"actor": 0, "type": "build", "card": "Harvester", "column": "0"} |
        | a column given as true | {"actor": 0, "type": "build", "card": "Harvester", "column": true} |

    @VL-BUILD-HAND
    Scenario: Building one of two Harvesters keeps the other in hand
      Given a villagers game at step "build" with:
        """
        player.hand = ["Harvester", "Harvester"]
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Harvester", "column": null}
        """
      Then the village is "Harvester"
      And "player.hand" is ["Harvester"]

    @VL-BUILD-HAND
    Scenario: A villager without a padlock is built for nothing, even with no gold
      Given a villagers game at step "build" with:
        """
        player.hand = ["Harvester"]
        player.gold = 0
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Harvester", "column": null}
        """
      Then the village is "Harvester"
      And "player.gold" is 0

    # The Cartwright goes on a Wheeler, the Harvester on nothing (a column of its own).
    @VL-BUILD-HAND
    Scenario: Each villager in hand is offered as a build where it fits
      Given a villagers game at step "build" with:
        """
        village = Lumberjack > Wheeler
        player.hand = ["Cartwright", "Harvester"]
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "build", "card": "Cartwright", "column": 0}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "build", "card": "Harvester", "column": null}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "build", "card": "Cartwright", "column": null}
        """

    @VL-BUILD-HAND
    Scenario: A Cartwright built from hand onto its Wheeler leaves the hand with no coins
      Given a villagers game at step "build" with:
        """
        village = Lumberjack > Wheeler
        player.hand = ["Cartwright", "Harvester"]
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Cartwright", "column": 0}
        """
      Then the village is "Lumberjack > Wheeler > Cartwright"
      And the position has:
        """
        player.hand = ["Harvester"]
        build.built = 1
        """

  Rule: VL-BUILD-BASIC Return a hand card to a stack for a basic villager

    @VL-BUILD-BASIC @VL-BUILD-RETURN-STACK
    Scenario: Returning a Cooper to stack 3 builds a Lumberjack
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        """
      When player 0 plays:
        """
        {"type": "build_basic", "basic": "Lumberjack", "return": "Cooper", "stack": 2}
        """
      Then the village is "Lumberjack"
      And the position has:
        """
        player.hand = []
        stacks.2.known = ["Cooper"]
        stacks.2.hidden = 5
        basics.Lumberjack = 9
        build.basics = 1
        build.built = 0
        """

    @VL-BUILD-BASIC
    Scenario: A card that is not in hand cannot be returned for a basic villager
      Given a villagers game at step "build" with:
        """
        player.hand = ["Fisher"]
        """
      When player 0 plays:
        """
        {"type": "build_basic", "basic": "Lumberjack", "return": "Cooper", "stack": 2}
        """
      Then the action is rejected citing rule "VL-BUILD-BASIC"

    @VL-BUILD-BASIC @VL-BUILD-RETURN-STACK
    Scenario: A basic villager is offered for each stack that still has cards
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        stacks.3.hidden = 0
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "build_basic", "basic": "Miner", "return": "Cooper", "stack": 0}
        """
      And the legal actions do not include:
        """
        {"type": "build_basic", "stack": 3}
        """

    @VL-BUILD-BASIC
    Scenario Outline: A build_basic of the wrong shape (<what>) is refused as malformed
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        """
      When the action is applied:
        """
        <action>
        """
      Then the action is refused as malformed

      Examples:
        | what | action |
        | no basic villager named | {"actor": 0, "type": "build_basic", "basic": "Wizard", "return": "Cooper", "stack": 0} |
        | a number returned | {"actor": 0, "type": "build_basic", "basic": "Miner", "return": 5, "stack": 0} |
        | a stack given as text | {"actor": 0, "type": "build_basic", "basic": "Miner", "return": "Cooper", "stack": "0"} |
        | a stack given as true | {"actor": 0, "type": "build_basic", "basic": "Miner", "return": "Cooper", "stack": true} |

  Rule: VL-BUILD-RETURN-STACK The returned card lies known on top of a stack that still has cards

    @VL-BUILD-RETURN-STACK
    Scenario: The returned card is drawn before the stack's hidden cards
      Given a villagers game at step "take" with:
        """
        stacks.2.known = ["Cooper"]
        """
      When player 0 plays:
        """
        {"type": "take_stack", "stack": 2}
        """
      Then the position has:
        """
        chance = null
        player.square = ["Cooper"]
        stacks.2.hidden = 5
        """

    @VL-BUILD-RETURN-STACK
    Scenario: A card cannot be returned to a stack that is gone
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        stacks.3.hidden = 0
        """
      When player 0 plays:
        """
        {"type": "build_basic", "basic": "Miner", "return": "Cooper", "stack": 3}
        """
      Then the action is rejected citing rule "VL-BUILD-BASIC"

    @VL-BUILD-RETURN-STACK
    Scenario: A stack down to its last hidden card still takes a returned card
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        stacks.3.hidden = 1
        """
      When player 0 plays:
        """
        {"type": "build_basic", "basic": "Miner", "return": "Cooper", "stack": 3}
        """
      Then the village is "Miner"
      And the position has:
        """
        stacks.3.known = ["Cooper"]
        stacks.3.hidden = 1
        """

    @VL-BUILD-RETURN-STACK @VL-SETUP-STACKS
    Scenario Outline: A card cannot be returned to stack <stack>, which does not exist
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        """
      When player 0 plays:
        """
        {"type": "build_basic", "basic": "Miner", "return": "Cooper", "stack": <stack>}
        """
      Then the action is rejected citing rule "VL-BUILD-BASIC"

      Examples:
        | stack |
        | 6     |
        | -1    |

    # villagers-solo.ja.txt:45: the hand card goes back onto any stack ("任意の山札"), the
    # leftmost one too
    @VL-BUILD-RETURN-STACK
    Scenario: A card can be returned to the leftmost stack
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        """
      When player 0 plays:
        """
        {"type": "build_basic", "basic": "Miner", "return": "Cooper", "stack": 0}
        """
      Then the position has:
        """
        stacks.0.known = ["Cooper"]
        stacks.0.hidden = 5
        """

  Rule: VL-BUILD-BASIC-SUPPLY Basic villagers come from a supply of 10 each

    @VL-BUILD-BASIC-SUPPLY
    Scenario: No Miner can be built when the ten Miners are gone
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        basics.Miner = 0
        village = Miner ; Miner ; Miner ; Miner ; Miner ; Miner ; Miner ; Miner ; Miner ; Miner
        """
      When player 0 plays:
        """
        {"type": "build_basic", "basic": "Miner", "return": "Cooper", "stack": 0}
        """
      Then the action is rejected citing rule "VL-BUILD-BASIC"

    @VL-BUILD-BASIC-SUPPLY
    Scenario: The last Miner of the supply can still be built
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        basics.Miner = 1
        village = Miner ; Miner ; Miner ; Miner ; Miner ; Miner ; Miner ; Miner ; Miner
        """
      When player 0 plays:
        """
        {"type": "build_basic", "basic": "Miner", "return": "Cooper", "stack": 0}
        """
      Then the village is "Miner ; Miner ; Miner ; Miner ; Miner ; Miner ; Miner ; Miner ; Miner ; Miner"
      And "basics.Miner" is 0

    @VL-BUILD-BASIC-SUPPLY
    Scenario: Ten Miners in the supply beside two built ones are refused
      Given a villagers game at step "build" with:
        """
        village = Miner ; Miner
        """
      Then "basics.Miner" is 8
      When the position is loaded:
        """
        basics.Miner = 10
        """
      Then the request is refused as malformed

    @VL-BUILD-BASIC-SUPPLY
    Scenario: With the ten Hayers gone Lumberjacks and Miners are still offered
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        village = Hayer ; Hayer ; Hayer ; Hayer ; Hayer ; Hayer ; Hayer ; Hayer ; Hayer ; Hayer
        """
      Then "basics.Hayer" is 0
      And the legal actions include:
        """
        {"type": "build_basic", "basic": "Miner", "return": "Cooper", "stack": 0}
        """
      And the legal actions include:
        """
        {"type": "build_basic", "basic": "Lumberjack", "return": "Cooper", "stack": 0}
        """
      And the legal actions do not include:
        """
        {"type": "build_basic", "basic": "Hayer"}
        """

    @VL-BUILD-BASIC-SUPPLY
    Scenario: The last Miner of the supply is offered
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        village = Miner ; Miner ; Miner ; Miner ; Miner ; Miner ; Miner ; Miner ; Miner
        """
      Then "basics.Miner" is 1
      And the legal actions include:
        """
        {"actor": 0, "type": "build_basic", "basic": "Miner", "return": "Cooper", "stack": 0}
        """

  Rule: VL-BUILD-ORDER Builds of both kinds in any order

    @VL-BUILD-ORDER
    Scenario: A basic Lumberjack first, then a Wheeler on it from hand
      Given a villagers game at step "build" with:
        """
        player.hand = ["Wheeler", "Fisher"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "build_basic", "basic": "Lumberjack", "return": "Fisher", "stack": 0},
         {"actor": 0, "type": "build", "card": "Wheeler", "column": 0}]
        """
      Then the village is "Lumberjack > Wheeler"

  Rule: VL-BUILD-LIMIT Builds from hand up to 2 + builder icons, at most 5

    @VL-BUILD-LIMIT
    Scenario: A third build is refused with the plain limit of 2
      Given a villagers game at step "build" with:
        """
        player.hand = ["Harvester"]
        build.built = 2
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Harvester", "column": null}
        """
      Then the action is rejected citing rule "VL-BUILD-LIMIT"

    @VL-BUILD-LIMIT
    Scenario: One builder icon gives three builds
      Given a villagers game at step "road_reserve" with:
        """
        reserve = 0
        village = Lumberjack > Carpenter
        """
      Then the position has:
        """
        phase = "build"
        build.limit = 3
        """

    @VL-BUILD-LIMIT
    Scenario: Four builder icons still give only five builds
      Given a villagers game at step "road_reserve" with:
        """
        reserve = 0
        village = Lumberjack > Carpenter ; Hayer > Thatcher ; Miner > Mason ; Wattler
        """
      Then "build.limit" is 5

    @VL-BUILD-LIMIT
    Scenario: A build limit of six is refused: the count stops at 5
      Given a villagers game at step "build"
      When the position is loaded:
        """
        build.limit = 6
        """
      Then the request is refused as malformed

    @VL-BUILD-LIMIT @VL-BUILD-BASIC-LIMIT
    Scenario: With every build of both kinds used only ending the phase is offered
      Given a villagers game at step "build" with:
        """
        player.hand = ["Harvester"]
        build = {"limit": 2, "built": 2, "basics": 3}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "end_build"}]
        """

    @VL-BUILD-LIMIT @VL-EVENT-ARSON
    Scenario: The build phase after the draft starts with no builds used and the Arson choice
      Given a villagers game at step "coin" with:
        """
        road = Cooper, Fisher
        reserve = 0
        events.active = ["e15"]
        build = {"limit": 3, "built": 3, "basics": 3}
        """
      When player 0 plays:
        """
        {"type": "no_coin"}
        """
      # no builder icon in the village: 2 builds from hand
      Then the position has:
        """
        phase = "build"
        step = "arson"
        build = {"limit": 2, "built": 0, "basics": 0}
        """
      And the legal actions are exactly:
        """
        [{"actor": 0, "type": "arson", "choice": "fewer"},
         {"actor": 0, "type": "arson", "choice": "pay"},
         {"actor": 0, "type": "jester", "event": "e15"}]
        """

    @VL-BUILD-LIMIT
    Scenario: With three builder icons the fifth build is still allowed
      Given a villagers game at step "build" with:
        """
        player.hand = ["Harvester"]
        village = Wattler ; Lumberjack > Carpenter ; Miner > Mason
        build = {"limit": 5, "built": 4, "basics": 0}
        """
      # 2 + 3 builder icons = 5
      Then the legal actions include:
        """
        {"actor": 0, "type": "build", "card": "Harvester", "column": null}
        """

    # No builder icon: 2 builds from hand. The second one uses the limit up.
    @VL-BUILD-LIMIT
    Scenario: The second build from hand uses up the plain limit of 2
      Given a villagers game at step "build" with:
        """
        player.hand = ["Harvester", "Harvester"]
        build.built = 1
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Harvester", "column": null}
        """
      Then "build.built" is 2
      And the legal actions do not include:
        """
        {"actor": 0, "type": "build", "card": "Harvester", "column": null}
        """

  Rule: VL-BUILD-LIMIT-WHEN The build limit is fixed at the start of the phase

    @VL-BUILD-LIMIT-WHEN @reading:build_limit_dynamic=false
    Scenario: A Wattler built now does not raise this phase's limit
      Given a villagers game at step "build" with:
        """
        player.hand = ["Wattler", "Harvester", "Hunter"]
        build.limit = 2
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "build", "card": "Wattler", "column": null},
         {"actor": 0, "type": "build", "card": "Harvester", "column": null},
         {"actor": 0, "type": "build", "card": "Hunter", "column": null}]
        """
      Then the action is rejected citing rule "VL-BUILD-LIMIT"

    @VL-BUILD-LIMIT-WHEN @reading:build_limit_dynamic=true
    Scenario: Recounting builders, a Wattler built now allows a third build
      Given a villagers game at step "build" with:
        """
        options.build_limit_dynamic = true
        player.hand = ["Wattler", "Harvester", "Hunter"]
        build.limit = 2
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "build", "card": "Wattler", "column": null},
         {"actor": 0, "type": "build", "card": "Harvester", "column": null},
         {"actor": 0, "type": "build", "card": "Hunter", "column": null}]
        """
      Then the village is "Harvester ; Hunter ; Wattler"
      And "build.limit" is 3

    @VL-BUILD-LIMIT-WHEN @reading:build_limit_dynamic=true
    Scenario: Recounting builders raises the limit Arson lowered without giving its build back
      Given a villagers game at step "build" with:
        """
        options.build_limit_dynamic = true
        player.hand = ["Wattler", "Harvester", "Hunter"]
        build.limit = 1
        """
      # 2 + 0 builder icons, one fewer after Arson: 1; the Wattler's builder icon raises it to 2
      When these actions are applied:
        """
        [{"actor": 0, "type": "build", "card": "Wattler", "column": null},
         {"actor": 0, "type": "build", "card": "Harvester", "column": null},
         {"actor": 0, "type": "build", "card": "Hunter", "column": null}]
        """
      Then the action is rejected citing rule "VL-BUILD-LIMIT"

    # villagers-solo.ja.txt:47: 2 + the builder icons on the cards already built, counted when
    # the build phase starts: a Wattler built in the last round's phase (then at a limit of 2)
    # counts in this one.
    @VL-BUILD-LIMIT-WHEN
    Scenario: A Wattler built in the last round raises the limit when the next build phase starts
      Given a villagers game at step "coin" with:
        """
        road = Cooper, Fisher
        reserve = 0
        village = Wattler
        build = {"limit": 2, "built": 2, "basics": 0}
        """
      When player 0 plays:
        """
        {"type": "no_coin"}
        """
      Then "build.limit" is 3

  Rule: VL-BUILD-BASIC-LIMIT Up to 3 basic villagers, outside the hand limit

    @VL-BUILD-BASIC-LIMIT
    Scenario: A fourth basic villager is refused
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        build.basics = 3
        """
      When player 0 plays:
        """
        {"type": "build_basic", "basic": "Hayer", "return": "Cooper", "stack": 0}
        """
      Then the action is rejected citing rule "VL-BUILD-BASIC-LIMIT"

    @VL-BUILD-BASIC-LIMIT
    Scenario: Basic villagers may still be built after the hand limit is used up
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        build.built = 2
        """
      When player 0 plays:
        """
        {"type": "build_basic", "basic": "Hayer", "return": "Cooper", "stack": 0}
        """
      Then the village is "Hayer"

    @VL-BUILD-BASIC-LIMIT
    Scenario: A basic villager is counted apart: it uses up no build from hand
      # villagers-solo.ja.txt:47: builds from hand "2 + build icons", basic builds "up to 3"
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        build.built = 0
        build.basics = 1
        """
      When player 0 plays:
        """
        {"type": "build_basic", "basic": "Hayer", "return": "Cooper", "stack": 0}
        """
      Then the position has:
        """
        build.built = 0
        build.basics = 2
        """

    @VL-BUILD-BASIC-LIMIT @VL-BUILD-LIMIT
    Scenario: Nothing has been built before the first build phase
      Given a new "villagers" game with 1 player
      Then the position has:
        """
        build.built = 0
        build.basics = 0
        """

    @VL-BUILD-BASIC-LIMIT
    Scenario: The third basic villager is the last one allowed
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper", "Fisher"]
        build.basics = 1
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "build_basic", "basic": "Hayer", "return": "Cooper", "stack": 0},
         {"actor": 0, "type": "build_basic", "basic": "Miner", "return": "Fisher", "stack": 0}]
        """
      Then "build.basics" is 3
      And the legal actions do not include:
        """
        {"type": "build_basic"}
        """

  Rule: VL-BUILD-OPTIONAL Building is optional

    @VL-BUILD-OPTIONAL
    Scenario: The player may end the build phase with cards left in hand
      Given a villagers game at step "build" with:
        """
        player.hand = ["Harvester", "Hunter"]
        """
      When player 0 plays:
        """
        {"type": "end_build"}
        """
      Then the position has:
        """
        phase = "event"
        player.hand = ["Harvester", "Hunter"]
        player.village = []
        """

    @VL-BUILD-OPTIONAL @VL-EVENT-ORDER
    Scenario: Ending the build phase leads to the event phase's active events
      Given a villagers game at step "build" with:
        """
        events.active = ["e17"]
        """
      When player 0 plays:
        """
        {"type": "end_build"}
        """
      Then the position has:
        """
        phase = "event"
        step = "events"
        """
      And the legal actions include:
        """
        {"type": "resolve_event", "event": "e17"}
        """

  Rule: VL-BUILD-FOUNDERS-FLIP The Founders flips when the village shows no food

    @VL-BUILD-FOUNDERS-FLIP
    Scenario: A village without food flips the Founders to its food side
      Given a villagers game at step "build" with:
        """
        village = Lumberjack > Carpenter
        """
      When player 0 plays:
        """
        {"type": "end_build"}
        """
      Then "player.founders" is "food"

    @VL-BUILD-FOUNDERS-FLIP
    Scenario: A Harvester in the village keeps the Founders gold side up
      Given a villagers game at step "build" with:
        """
        village = Harvester
        """
      When player 0 plays:
        """
        {"type": "end_build"}
        """
      Then "player.founders" is "gold"

    @VL-BUILD-FOUNDERS-FLIP
    Scenario: A flipped Founders stays on its food side once the village has food
      Given a villagers game at step "build" with:
        """
        player.founders = "food"
        village = Harvester
        """
      When player 0 plays:
        """
        {"type": "end_build"}
        """
      Then "player.founders" is "food"
