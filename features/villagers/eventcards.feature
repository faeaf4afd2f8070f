Feature: The Countess's 24 event cards

  Rule: VL-EVENT-BANQUET Sinister Banquet

    @VL-EVENT-BANQUET
    Scenario: Four food icons in her village earn the Countess 8 gold
      Given a villagers game at step "events" with:
        """
        events.active = ["e1"]
        countess = Grazier, Milk Maid, Harvester
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e1"}
        """
      Then "countess.gold" is 9

  Rule: VL-EVENT-MOOD-SWING Mood Swing

    @VL-EVENT-MOOD-SWING
    Scenario: Mood Swing is discarded and another summer event is revealed
      Given a villagers game at step "reveal" with:
        """
        chance = {"kind": "event", "deck": "summer"}
        reveal = {"left": 1, "deck": "summer"}
        """
      When chance reveals:
        """
        {"type": "event", "event": "e2"}
        """
      Then the position has:
        """
        events.discard = ["e2"]
        events.active = []
        reveal.left = 1
        reveal.deck = "summer"
        """

    @VL-EVENT-MOOD-SWING @VL-EVENT-REVEAL
    Scenario: Mood Swing revealed first of three adds one to the two still to come
      Given a villagers game at step "reveal" with:
        """
        chance = {"kind": "event", "deck": "summer"}
        reveal = {"left": 3, "deck": "summer"}
        """
      When chance reveals:
        """
        {"type": "event", "event": "e2"}
        """
      Then the position has:
        """
        events.discard = ["e2"]
        reveal.left = 3
        """

  Rule: VL-EVENT-BLACK-MARKET Black Market

    @VL-EVENT-BLACK-MARKET @reading:icons_count_covered=true
    Scenario: Both sides score their silver villagers now
      Given a villagers game at step "events" with:
        """
        events.active = ["e3"]
        village = Hayer > Horse Trader ; Hayer ; Hayer
        countess = Grocer, Harvester
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e3"}
        """
      # 4 hay symbols: 3 per 2 = 6; her Grocer sees 1 food: 3
      Then the position has:
        """
        player.gold = 14
        countess.gold = 4
        """

  Rule: VL-EVENT-VAT Value Added Tax

    @VL-EVENT-VAT
    Scenario: Three visible gold symbols cost 3 gold
      Given a villagers game at step "events" with:
        """
        events.active = ["e4"]
        village = Lumberjack > Cooper ; Miner > Blacksmith
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e4"}
        """
      # Cooper, Blacksmith and the uncovered Founders
      Then the position has:
        """
        player.gold = 5
        countess.gold = 4
        """

  Rule: VL-EVENT-LAND-CLAIM Land Claim

    @VL-EVENT-LAND-CLAIM @reading:icons_count_covered=true
    Scenario: Three basic villagers cost 6 gold
      Given a villagers game at step "events" with:
        """
        events.active = ["e5"]
        village = Lumberjack ; Miner ; Hayer > Thatcher
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e5"}
        """
      Then the position has:
        """
        player.gold = 2
        countess.gold = 7
        """

    @VL-EVENT-LAND-CLAIM @reading:icons_count_covered=false
    Scenario: Counting only uncovered icons, the Hayer under a Thatcher costs nothing
      Given a villagers game at step "events" with:
        """
        options.icons_count_covered = false
        events.active = ["e5"]
        village = Lumberjack ; Miner ; Hayer > Thatcher
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e5"}
        """
      # the Lumberjack and the Miner: 2 x 2 gold
      Then the position has:
        """
        player.gold = 4
        countess.gold = 5
        """

  Rule: VL-EVENT-TEMP-EMPLOYMENT Temporary Employment

    @VL-EVENT-TEMP-EMPLOYMENT
    Scenario: Three suits in hand earn her 6 gold
      Given a villagers game at step "events" with:
        """
        events.active = ["e6"]
        player.hand = ["Brewer", "Cooper", "Fisher", "Wheeler"]
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e6"}
        """
      Then the position has:
        """
        countess.gold = 7
        player.gold = 8
        """

  Rule: VL-EVENT-BRIBES Bribes

    @VL-EVENT-BRIBES @VL-COMP-COPIES
    Scenario: Her Blacksmith unlocks eight cards and receives 8 gold
      Given a villagers game at step "events" with:
        """
        events.active = ["e7"]
        countess = Blacksmith, Carpenter
        """
      Then the legal actions include:
        """
        {"type": "resolve_event", "event": "e7", "card": "Carpenter"}
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e7", "card": "Blacksmith"}
        """
      # 2 copies each of Cooper, Glass Blower, Jeweler and Locksmith
      Then the Countess's village is "Blacksmith(8), Carpenter"

    @VL-EVENT-BRIBES
    Scenario: Bribes adds her Blacksmith's eight to the 2 coins already on it
      Given a villagers game at step "events" with:
        """
        events.active = ["e7"]
        countess = Blacksmith(2), Carpenter
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e7", "card": "Blacksmith"}
        """
      # the bank's 8 gold join the 2 coins a padlock payment left on it: 2 + 8
      Then the Countess's village is "Blacksmith(10), Carpenter"

  Rule: VL-EVENT-SERFDOM Serfdom

    @VL-EVENT-SERFDOM
    Scenario: Under Serfdom the card for a basic villager goes to the Countess
      Given a villagers game at step "build" with:
        """
        events.active = ["e8"]
        player.hand = ["Cooper"]
        """
      When player 0 plays:
        """
        {"type": "build_basic", "basic": "Miner", "return": "Cooper", "stack": null}
        """
      Then the village is "Miner"
      And the Countess's village is "Cooper"

    @VL-EVENT-SERFDOM
    Scenario: Under Serfdom the card cannot be returned to a stack
      Given a villagers game at step "build" with:
        """
        events.active = ["e8"]
        player.hand = ["Cooper"]
        """
      When player 0 plays:
        """
        {"type": "build_basic", "basic": "Miner", "return": "Cooper", "stack": 0}
        """
      Then the action is rejected citing rule "VL-EVENT-SERFDOM"

    @VL-EVENT-SERFDOM
    Scenario: Under Serfdom the basic villagers are offered with the card going to the Countess only
      Given a villagers game at step "build" with:
        """
        events.active = ["e8"]
        player.hand = ["Cooper"]
        """
      Then the legal actions include:
        """
        {"type": "build_basic", "basic": "Miner", "return": "Cooper", "stack": null}
        """
      And the legal actions do not include:
        """
        {"type": "build_basic", "stack": 0}
        """

  Rule: VL-EVENT-CUSTOMS Customs

    @VL-EVENT-CUSTOMS
    Scenario: Four wood villagers cost 4 gold
      Given a villagers game at step "events" with:
        """
        events.active = ["e9"]
        village = Lumberjack > Cooper ; Lumberjack > Wheeler ; Miner
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e9"}
        """
      Then the position has:
        """
        player.gold = 4
        countess.gold = 5
        """

    @VL-EVENT-CUSTOMS
    Scenario: The Founders makes grain the largest suit, 2 gold
      Given a villagers game at step "events" with:
        """
        events.active = ["e9"]
        village = Swineherd ; Miner
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e9"}
        """
      # grain: the Founders and the Swineherd; ore: the Miner
      Then the position has:
        """
        player.gold = 6
        countess.gold = 3
        """

  Rule: VL-EVENT-GUILD Guild Conspiracy

    @VL-EVENT-GUILD
    Scenario: Each of her unlockers receives 2 gold, the Jeweler none
      Given a villagers game at step "events" with:
        """
        events.active = ["e10"]
        countess = Blacksmith, Carpenter, Jeweler
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e10"}
        """
      Then the Countess's village is "Blacksmith(2), Carpenter(2), Jeweler"

    @VL-EVENT-GUILD
    Scenario: Guild Conspiracy adds 2 to the coins already on her unlocker
      Given a villagers game at step "events" with:
        """
        events.active = ["e10"]
        countess = Blacksmith(2)
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e10"}
        """
      Then the Countess's village is "Blacksmith(4)"

  Rule: VL-EVENT-BETRAYER Betrayer

    @VL-EVENT-BETRAYER
    Scenario: The Cooper and its coins defect to the Countess
      Given a villagers game at step "events" with:
        """
        events.active = ["e11"]
        village = Lumberjack > Cooper(2) ; Miner
        """
      Then the legal actions do not include:
        """
        {"type": "resolve_event", "event": "e11", "column": 1}
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e11", "column": 0}
        """
      Then the village is "Lumberjack ; Miner"
      And the Countess's village is "Cooper(2)"

  Rule: VL-EVENT-COUNTESS-BANK The Countess Bank

    @VL-EVENT-COUNTESS-BANK
    Scenario: Unlocking at the bank costs 3
      Given a villagers game at step "build" with:
        """
        events.active = ["e12"]
        player.hand = ["Cooper"]
        village = Lumberjack
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Cooper", "column": 0}
        """
      Then "player.gold" is 5

    # The padlock is paid to the bank: all 3 gold go there, none to the Countess's supply
    # (her 1 gold from setup, line 20).
    @VL-EVENT-COUNTESS-BANK
    Scenario: Under the Countess Bank all 3 gold go to the bank and none to the Countess
      Given a villagers game at step "build" with:
        """
        events.active = ["e12"]
        player.hand = ["Cooper"]
        village = Lumberjack
        countess.gold = 1
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Cooper", "column": 0}
        """
      Then the position has:
        """
        player.gold = 5
        countess.gold = 1
        """

    @VL-EVENT-COUNTESS-BANK @VL-LOCK-AFFORD
    Scenario: Under the Countess Bank a padlock of 3 is not offered to a player with 2 gold
      Given a villagers game at step "build" with:
        """
        events.active = ["e12"]
        player.gold = 2
        player.hand = ["Cooper"]
        village = Lumberjack
        """
      Then the legal actions do not include:
        """
        {"type": "build", "card": "Cooper"}
        """

  Rule: VL-EVENT-DARK-MOOD Dark Mood

    @VL-EVENT-DARK-MOOD
    Scenario: Dark Mood is discarded and two more winter events are revealed
      Given a villagers game at step "reveal" with:
        """
        chance = {"kind": "event", "deck": "winter"}
        reveal = {"left": 1, "deck": "winter"}
        """
      When chance reveals:
        """
        {"type": "event", "event": "e13"}
        """
      Then the position has:
        """
        events.discard = ["e13"]
        reveal.left = 2
        reveal.deck = "winter"
        """

    @VL-EVENT-DARK-MOOD @VL-EVENT-REVEAL
    Scenario: Dark Mood revealed first of three adds two to the two still to come
      Given a villagers game at step "reveal" with:
        """
        chance = {"kind": "event", "deck": "winter"}
        reveal = {"left": 3, "deck": "winter"}
        """
      When chance reveals:
        """
        {"type": "event", "event": "e13"}
        """
      Then the position has:
        """
        events.discard = ["e13"]
        reveal.left = 4
        """

  Rule: VL-EVENT-IT-WAS-YOU It Was You!

    @VL-EVENT-IT-WAS-YOU
    Scenario: Resolving It Was You! loses an unplayed Jester
      Given a villagers game at step "events" with:
        """
        events.active = ["e14", "e17"]
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e14"}
        """
      Then "jester" is false

  Rule: VL-EVENT-ARSON Arson

    @VL-EVENT-ARSON
    Scenario: Accepting Arson's loss leaves one build
      Given a villagers game at step "arson" with:
        """
        events.active = ["e15"]
        """
      When player 0 plays:
        """
        {"type": "arson", "choice": "fewer"}
        """
      Then the position has:
        """
        build.limit = 1
        step = "build"
        """

    @VL-EVENT-ARSON
    Scenario: Paying 3 gold keeps both builds
      Given a villagers game at step "arson" with:
        """
        events.active = ["e15"]
        """
      When player 0 plays:
        """
        {"type": "arson", "choice": "pay"}
        """
      Then the position has:
        """
        build.limit = 2
        player.gold = 5
        """

    @VL-EVENT-ARSON
    Scenario Outline: An Arson choice of the wrong shape (<what>) is refused as malformed
      Given a villagers game at step "arson" with:
        """
        events.active = ["e15"]
        """
      When the action is applied:
        """
        <action>
        """
      Then the action is refused as malformed

      Examples:
        | what | action |
        | an unknown choice | {"actor": 0, "type": "arson", "choice": "both"} |
        | no choice | {"actor": 0, "type": "arson"} |

    @VL-EVENT-ARSON
    Scenario: With exactly 3 gold the Arson offers both choices
      Given a villagers game at step "arson" with:
        """
        events.active = ["e15"]
        player.gold = 3
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "arson", "choice": "fewer"},
         {"actor": 0, "type": "arson", "choice": "pay"},
         {"actor": 0, "type": "jester", "event": "e15"}]
        """

    @VL-EVENT-ARSON
    Scenario: With 2 gold the Arson offers only the lost build
      # 3 gold to the bank is a choice only for a player who can pay it (as the refusal
      # below): with 2 gold the listing is the loss and the Jester, as at 3 gold less "pay"
      Given a villagers game at step "arson" with:
        """
        events.active = ["e15"]
        player.gold = 2
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "arson", "choice": "fewer"},
         {"actor": 0, "type": "jester", "event": "e15"}]
        """

    @VL-EVENT-ARSON
    Scenario: The Arson cannot be paid with 2 gold
      Given a villagers game at step "arson" with:
        """
        events.active = ["e15"]
        player.gold = 2
        """
      When player 0 plays:
        """
        {"type": "arson", "choice": "pay"}
        """
      Then the action is rejected citing rule "VL-EVENT-ARSON"

    @VL-EVENT-ARSON
    Scenario: Paying the Arson with exactly 3 gold keeps both builds
      Given a villagers game at step "arson" with:
        """
        events.active = ["e15"]
        player.gold = 3
        """
      When player 0 plays:
        """
        {"type": "arson", "choice": "pay"}
        """
      Then the position has:
        """
        player.gold = 0
        build.limit = 2
        step = "build"
        """

  Rule: VL-EVENT-CONSCRIPTION Conscription

    @VL-EVENT-CONSCRIPTION
    Scenario: The Countess takes the known top card of stack 1
      Given a villagers game at step "events" with:
        """
        events.active = ["e16"]
        stacks.0.known = ["Jeweler"]
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e16", "stack": 0}
        """
      Then the Countess's village is "Jeweler"
      And "stacks.0.known" is []

    @VL-EVENT-CONSCRIPTION
    Scenario: Conscription from the reserve is a chance draw
      Given a villagers game at step "events" with:
        """
        events.active = ["e16", "e17"]
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e16", "stack": null}
        """
      Then the position has:
        """
        chance.kind = "countess"
        chance.stack = null
        """

    @VL-EVENT-CONSCRIPTION
    Scenario: Conscription with no stack and no reserve left builds nothing
      Given a villagers game at step "events" with:
        """
        events.active = ["e16", "e17"]
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
        {"type": "resolve_event", "event": "e16"}
        """
      Then the position has:
        """
        chance = null
        step = "events"
        countess.village = []
        """

    @VL-EVENT-CONSCRIPTION
    Scenario: With one card left in the reserve Conscription may still draw from it
      Given a villagers game at step "events" with:
        """
        events.active = ["e16"]
        reserve = 1
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "resolve_event", "event": "e16", "stack": null}
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e16", "stack": null}
        """
      Then the position has:
        """
        chance.kind = "countess"
        chance.stack = null
        """

  Rule: VL-EVENT-TRIBUTE Tribute

    @VL-EVENT-TRIBUTE
    Scenario: Three cards in hand cost 3 gold
      Given a villagers game at step "events" with:
        """
        events.active = ["e17"]
        player.hand = ["Agent", "Cooper", "Fisher"]
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e17"}
        """
      Then the position has:
        """
        player.gold = 5
        countess.gold = 4
        """

    @VL-EVENT-TRIBUTE @VL-EVENT-ORDER
    Scenario: Tribute is offered as one choice-free resolution
      Given a villagers game at step "events" with:
        """
        events.active = ["e17"]
        player.hand = ["Cooper"]
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "resolve_event", "event": "e17"}
        """

    @VL-EVENT-TRIBUTE
    Scenario: Tribute offers no choice, so naming a card is rejected
      Given a villagers game at step "events" with:
        """
        events.active = ["e17"]
        player.hand = ["Cooper"]
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e17", "card": "Cooper"}
        """
      Then the action is rejected citing rule "VL-EVENT-TRIBUTE"

    @VL-EVENT-TRIBUTE
    Scenario: Tribute resolved with an empty choice field is accepted
      Given a villagers game at step "events" with:
        """
        events.active = ["e17"]
        player.hand = ["Cooper"]
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e17", "card": null}
        """
      Then the position has:
        """
        player.gold = 7
        countess.gold = 2
        """

  Rule: VL-EVENT-PROTECTION Protection Money

    @VL-EVENT-PROTECTION
    Scenario: The player names the Blacksmith's 4 coins
      Given a villagers game at step "events" with:
        """
        events.active = ["e18"]
        village = Miner > Blacksmith(4)
        """
      Then the legal actions include:
        """
        {"type": "resolve_event", "event": "e18", "coins": 0}
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e18", "coins": 4}
        """
      Then the position has:
        """
        player.gold = 4
        countess.gold = 5
        """

    @VL-EVENT-PROTECTION
    Scenario: No villager holds 3 coins, so 3 cannot be named
      Given a villagers game at step "events" with:
        """
        events.active = ["e18"]
        village = Miner > Blacksmith(4)
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e18", "coins": 3}
        """
      Then the action is rejected citing rule "VL-EVENT-PROTECTION"

    @VL-EVENT-PROTECTION
    Scenario: With no coins on your villagers Protection Money takes 0
      Given a villagers game at step "events" with:
        """
        events.active = ["e18"]
        village = Harvester
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "resolve_event", "event": "e18", "coins": 0},
         {"actor": 0, "type": "jester", "event": "e18"}]
        """

  Rule: VL-EVENT-TRADE-NETWORK Trade Network

    @VL-EVENT-TRADE-NETWORK
    Scenario: Her Grocer with two food is worth 6 to her
      Given a villagers game at step "events" with:
        """
        events.active = ["e19"]
        countess = Grocer, Harvester, Hunter
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e19", "value": 6}
        """
      Then "countess.gold" is 7

    @VL-EVENT-TRADE-NETWORK
    Scenario: Her Grocer with two food is not worth 3
      Given a villagers game at step "events" with:
        """
        events.active = ["e19"]
        countess = Grocer, Harvester, Hunter
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e19", "value": 3}
        """
      Then the action is rejected citing rule "VL-EVENT-TRADE-NETWORK"

    @VL-EVENT-TRADE-NETWORK
    Scenario: Her only silver card worth 0 gains her nothing
      Given a villagers game at step "events" with:
        """
        events.active = ["e19"]
        countess = Grocer
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e19", "value": 0}
        """
      Then "countess.gold" is 1

  Rule: VL-EVENT-SPY-NETWORK Spy Network

    @VL-EVENT-SPY-NETWORK
    Scenario: Your Horse Trader with three hay symbols is worth 3 to her
      Given a villagers game at step "events" with:
        """
        events.active = ["e20"]
        village = Hayer > Horse Trader ; Hayer
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e20", "value": 3}
        """
      Then the position has:
        """
        countess.gold = 4
        player.gold = 8
        """

    @VL-EVENT-SPY-NETWORK
    Scenario: Three hay symbols make one pair, so your Horse Trader is not worth 6
      Given a villagers game at step "events" with:
        """
        events.active = ["e20"]
        village = Hayer > Horse Trader ; Hayer
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e20", "value": 6}
        """
      Then the action is rejected citing rule "VL-EVENT-SPY-NETWORK"

  Rule: VL-EVENT-BLACKMAIL Blackmail

    @VL-EVENT-BLACKMAIL
    Scenario: The highest printed gold counts even on the covered Founders
      Given a villagers game at step "events" with:
        """
        events.active = ["e21"]
        village = Brewer
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e21"}
        """
      Then "countess.gold" is 3

    @VL-EVENT-BLACKMAIL
    Scenario: A Cartwright's 9 gold goes to the Countess
      Given a villagers game at step "events" with:
        """
        events.active = ["e21"]
        village = Lumberjack > Wheeler > Cartwright ; Miner > Blacksmith
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e21"}
        """
      Then the position has:
        """
        countess.gold = 10
        player.gold = 8
        """

  Rule: VL-EVENT-ABDUCTION Abduction

    @VL-EVENT-ABDUCTION
    Scenario: The Fisher is discarded from hand
      Given a villagers game at step "events" with:
        """
        events.active = ["e22"]
        player.hand = ["Cooper", "Fisher"]
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e22", "card": "Fisher"}
        """
      Then the position has:
        """
        player.hand = ["Cooper"]
        discard = {"Fisher": 1}
        """

    @VL-EVENT-ABDUCTION
    Scenario: One of two Coopers is discarded from hand
      Given a villagers game at step "events" with:
        """
        events.active = ["e22"]
        player.hand = ["Cooper", "Cooper"]
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e22", "card": "Cooper"}
        """
      Then the position has:
        """
        player.hand = ["Cooper"]
        discard = {"Cooper": 1}
        """

    @VL-EVENT-ABDUCTION
    Scenario: Abduction offers each card in hand
      Given a villagers game at step "events" with:
        """
        events.active = ["e22"]
        player.hand = ["Cooper", "Fisher"]
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "resolve_event", "event": "e22", "card": "Cooper"},
         {"actor": 0, "type": "resolve_event", "event": "e22", "card": "Fisher"},
         {"actor": 0, "type": "jester", "event": "e22"}]
        """

  Rule: VL-EVENT-ARREST Arrest

    @VL-EVENT-ARREST
    Scenario: The arrested Cooper is discarded with its coins
      Given a villagers game at step "events" with:
        """
        events.active = ["e23"]
        village = Lumberjack > Cooper(2) ; Miner
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e23", "column": 0}
        """
      Then the village is "Lumberjack ; Miner"
      And the position has:
        """
        discard = {"Cooper": 1}
        player.gold = 8
        countess.village = []
        """

    # Arrest takes a non-basic top villager: the Miner on top of its column is a basic
    # villager and cannot be chosen.
    @VL-EVENT-ARREST
    Scenario: Arrest does not offer a basic Miner on top of its column
      Given a villagers game at step "events" with:
        """
        events.active = ["e23"]
        village = Lumberjack > Cooper(2) ; Miner
        """
      Then the legal actions do not include:
        """
        {"type": "resolve_event", "event": "e23", "column": 1}
        """

  Rule: VL-EVENT-RATS Rats

    # Rats is timed for the draft: the next round's draft opens with its choice.
    @VL-EVENT-RATS
    Scenario: An active Rats opens the next round's draft with its choice
      Given a villagers game at step "events" with:
        """
        events.active = ["e24"]
        reserve = 0
        """
      Then the position has:
        """
        round = 2
        phase = "draft"
        step = "rats"
        events.active = ["e24"]
        """

    @VL-EVENT-RATS
    Scenario: Accepting the Rats drafts one fewer time
      Given a villagers game at step "rats" with:
        """
        events.active = ["e24"]
        """
      When player 0 plays:
        """
        {"type": "rats", "choice": "fewer"}
        """
      Then the position has:
        """
        draft.limit = 1
        step = "take"
        """

    @VL-EVENT-RATS
    Scenario: Paying 3 gold keeps both drafts
      Given a villagers game at step "rats" with:
        """
        events.active = ["e24"]
        """
      When player 0 plays:
        """
        {"type": "rats", "choice": "pay"}
        """
      Then the position has:
        """
        draft.limit = 2
        player.gold = 5
        """

    @VL-EVENT-RATS
    Scenario Outline: A Rats choice of the wrong shape (<what>) is refused as malformed
      Given a villagers game at step "rats" with:
        """
        events.active = ["e24"]
        """
      When the action is applied:
        """
        <action>
        """
      Then the action is refused as malformed

      Examples:
        | what | action |
        | an unknown choice | {"actor": 0, "type": "rats", "choice": "both"} |
        | no choice | {"actor": 0, "type": "rats"} |

    @VL-EVENT-RATS
    Scenario: With 3 gold the Rats offer both choices
      Given a villagers game at step "rats" with:
        """
        events.active = ["e24"]
        player.gold = 3
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "rats", "choice": "fewer"},
         {"actor": 0, "type": "rats", "choice": "pay"},
         {"actor": 0, "type": "jester", "event": "e24"}]
        """

    @VL-EVENT-RATS
    Scenario: The Rats cannot be paid with 2 gold
      Given a villagers game at step "rats" with:
        """
        events.active = ["e24"]
        player.gold = 2
        """
      When player 0 plays:
        """
        {"type": "rats", "choice": "pay"}
        """
      Then the action is rejected citing rule "VL-EVENT-RATS"

    @VL-EVENT-RATS
    Scenario: Accepting the Rats on a draft of three leaves two
      Given a villagers game at step "rats" with:
        """
        events.active = ["e24"]
        village = Harvester
        draft.limit = 3
        """
      When player 0 plays:
        """
        {"type": "rats", "choice": "fewer"}
        """
      Then "draft.limit" is 2

    @VL-EVENT-RATS @VL-EVENT-TIMING
    Scenario: The Rats are spent at the end of the draft
      Given a villagers game at step "take" with:
        """
        events.active = ["e24"]
        events.discard = ["e3"]
        draft = {"limit": 2, "taken": 2}
        """
      Then the position has:
        """
        step = "coin"
        events.active = []
        events.discard = ["e3", "e24"]
        """

    @VL-EVENT-RATS
    Scenario: Paying the Rats with exactly 3 gold keeps both drafts
      Given a villagers game at step "rats" with:
        """
        events.active = ["e24"]
        player.gold = 3
        """
      When player 0 plays:
        """
        {"type": "rats", "choice": "pay"}
        """
      Then the position has:
        """
        player.gold = 0
        draft.limit = 2
        """
