Feature: Villagers silver formulas (scored here through Black Market)

  Rule: VL-SILVER-FORMULA Each silver card scores its own formula

    @VL-SILVER-FORMULA
    Scenario: A Grocer and a Freemason both score
      Given a villagers game at step "events" with:
        """
        events.active = ["e3"]
        village = Grocer ; Freemason ; Harvester ; Wattler
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e3"}
        """
      # Grocer 3 x 1 food, Freemason 3 x 1 builder
      Then "player.gold" is 14

  Rule: VL-SILVER-WOOD-CARVER Sum of the visible gold on your wood villagers

    @VL-SILVER-WOOD-CARVER @reading:gold_top_only=true
    Scenario: One Cartwright and a Cooper make 13 (Yucata clarification)
      Given a villagers game at step "events" with:
        """
        events.active = ["e3"]
        village = Lumberjack > Wheeler > Cartwright ; Lumberjack > Cooper ; Lumberjack > Wood Carver
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e3"}
        """
      Then "player.gold" is 21

    # The Wood Carver counts the printed gold on wood villagers; the 2 coins sitting on the
    # Cooper (its padlock payment) are not printed gold: Cooper 4, the Lumberjacks 0.
    @VL-SILVER-WOOD-CARVER
    Scenario: Coins sitting on a Cooper do not add to the Wood Carver's 4
      Given a villagers game at step "events" with:
        """
        events.active = ["e3"]
        village = Lumberjack > Cooper(2) ; Lumberjack > Wood Carver
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e3"}
        """
      Then "player.gold" is 12

  Rule: VL-SILVER-LOG-RAFTER One per wood symbol

    @VL-SILVER-LOG-RAFTER @reading:icons_count_covered=true
    Scenario: Two Lumberjacks and the Log Rafter's two symbols make 4
      Given a villagers game at step "events" with:
        """
        events.active = ["e3"]
        village = Lumberjack > Log Rafter ; Lumberjack
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e3"}
        """
      Then "player.gold" is 12

  Rule: VL-SILVER-PEDDLER Three per two gold symbols

    @VL-SILVER-PEDDLER @reading:gold_top_only=true
    Scenario: The only gold symbols are on two Jewelers (Yucata clarification)
      Given a villagers game at step "events" with:
        """
        events.active = ["e3"]
        player.founders = "food"
        village = Hayer > Peddler ; Miner > Seeker > Spelunker > Jeweler ; Miner > Seeker > Spelunker > Jeweler
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e3"}
        """
      Then "player.gold" is 11

  Rule: VL-SILVER-HORSE-TRADER Three per two hay symbols

    @VL-SILVER-HORSE-TRADER @VL-SILVER-FORMULA
    Scenario: Five hay symbols make two pairs, 6
      # VL-SILVER-FORMULA: the odd symbol left over scores nothing (floor of 5 / 2)
      Given a villagers game at step "events" with:
        """
        events.active = ["e3"]
        village = Hayer > Horse Trader ; Hayer ; Hayer ; Hayer
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e3"}
        """
      Then "player.gold" is 14

  Rule: VL-SILVER-ORE-MULER Three per two ore symbols

    @VL-SILVER-ORE-MULER @VL-SILVER-FORMULA
    Scenario: Three Miners and a Glass Blower's two symbols make 6
      Given a villagers game at step "events" with:
        """
        events.active = ["e3"]
        village = Hayer > Ore Muler ; Miner ; Miner ; Miner > Glass Blower
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e3"}
        """
      Then "player.gold" is 14

  Rule: VL-SILVER-LOCKSMITH Two per padlock symbol

    @VL-SILVER-LOCKSMITH
    Scenario: The Locksmith's and the Cooper's padlocks make 4
      Given a villagers game at step "events" with:
        """
        events.active = ["e3"]
        village = Miner > Locksmith ; Lumberjack > Cooper
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e3"}
        """
      Then "player.gold" is 12

  Rule: VL-SILVER-GROCER Three per food icon

    @VL-SILVER-GROCER @reading:icons_count_covered=true
    Scenario: Four food icons make 12
      Given a villagers game at step "events" with:
        """
        events.active = ["e3"]
        village = Harvester ; Hayer > Grazier > Milk Maid ; Grocer
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e3"}
        """
      Then "player.gold" is 20

  Rule: VL-SILVER-FREEMASON Three per builder icon

    @VL-SILVER-FREEMASON
    Scenario: Two builder icons make 6
      Given a villagers game at step "events" with:
        """
        events.active = ["e3"]
        village = Wattler ; Lumberjack > Carpenter ; Freemason
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e3"}
        """
      Then "player.gold" is 14

  Rule: VL-SILVER-PRIEST Three per two solitary symbols

    @VL-SILVER-PRIEST
    Scenario: Priest, Chandler (two symbols) and Harvester make two pairs, 6
      Given a villagers game at step "events" with:
        """
        events.active = ["e3"]
        village = Priest ; Chandler ; Harvester
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e3"}
        """
      Then "player.gold" is 14

  Rule: VL-SILVER-AGENT The coins on one of your villagers

    @VL-SILVER-AGENT
    Scenario: The Agent takes the larger pile of 5 coins
      Given a villagers game at step "events" with:
        """
        events.active = ["e3"]
        village = Agent ; Miner > Blacksmith(5) ; Lumberjack > Carpenter(3)
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e3"}
        """
      Then "player.gold" is 13
