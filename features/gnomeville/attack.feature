Feature: Gnomeville enemy attack: boulders, trolls and their movement

  Rule: GV-ATTACK-ORDER boulders appear, then trolls, then the arrows move the trolls

    @GV-ATTACK-ORDER @GV-ATTACK-ROUND @GV-BOULDER-SPAWN @GV-TROLL-SPAWN @GV-TROLL-MOVE @GV-TROLL-MOVE-STEP @GV-ATTACK-MATRIX @GV-ATTACK-PERSPECTIVE @GV-PREPARE-REVEAL @GV-PREPARE-PREVIEW @GV-TILES-TO-BAG @GV-COMP-TROLL-CARDS
    Scenario: The round card hits every town in board orientation
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": ["B....", ".T...", ".....", ".....", "....."], "moves": [["S", "step"]]}
        """
      And player 0's town is:
        """
        mk .  .  .  .
        .  .  .  .  .
        .  mk .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      Then "troll_card.matrix.0" is "B...."
      And "players.0.cells.0.0" is "market"
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then player 0's town is:
        """
        BO .  .  .  .
        .  .  .  .  .
        .  TR .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And player 1's town is:
        """
        BO .  .  .  .
        .  .  .  .  .
        .  TR .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position has:
        """
        players.0.bag.market = 7
        boulder_supply = 42
        troll_discard = ["troll-01"]
        """


    @GV-ATTACK-ORDER @GV-TROLL-MOVE @GV-TROLL-MOVE-FAR @GV-TROLL-MOVE-STEP
    Scenario: A troll runs south into the boulder of its own card, then steps east
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".T...", ".....", ".B...", ".....", "....."], "moves": [["S", "far"], ["E", "step"]]}
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then player 0's town is:
        """
        .  .  .  .  .
        .  .  TR .  .
        .  BO .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And player 1's town is:
        """
        .  .  .  .  .
        .  .  TR .  .
        .  BO .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """

    @GV-ATTACK-ORDER @GV-ATTACK-MATRIX @GV-LOAD-CONSISTENT
    Scenario: A loaded round card whose top row holds a boulder, a troll and empty squares spawns both
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".B.T.", ".....", ".....", ".....", "....."], "moves": []}
        """
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then player 0's town is:
        """
        .  BO .  TR .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """

    @GV-ATTACK-ORDER @GV-TROLL-MOVE @GV-TROLL-MOVE-STEP @GV-TROLL-MOVE-ORDER
    Scenario Outline: A single arrow moves every troll one space, whether the first is blocked or not (<first>)
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".T...", ".....", "....."], "moves": [["E", "step"]]}
        """
      And player 0's town is:
        """
        <row0>
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .@0 .  .  .  .
        """
      And player 1's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .@0 .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.cells.0 = [null, null, null, null, "troll"]
        players.0.cells.2 = [null, null, "troll", null, null]
        """

      Examples:
        | first                               | row0            |
        | the first at the border stays       | .  .  .  .  TR  |
        | the first steps to the border       | .  .  .  TR .   |

    @GV-ATTACK-ORDER @GV-TROLL-MOVE @GV-TROLL-MOVE-STEP @GV-SWORD-DEFEAT @GV-TROLL-MOVE-ORDER
    Scenario: A troll defeated by a sword gnome on its step does not stop the other trolls
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".T...", ".....", "....."], "moves": [["E", "step"]]}
        """
      And player 0's town is:
        """
        .  .  .  TR .@0
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.gnomes.0.sword" is true
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.cells.0 = [null, null, null, null, null]
        players.0.cells.2 = [null, null, "troll", null, null]
        players.0.gnomes.0.space = [0, 4]
        players.0.mushrooms = 3
        """

    @GV-ATTACK-MATRIX @GV-ATTACK-ORDER @GV-LOAD-CONSISTENT
    Scenario: A loaded card's squares beyond the five rows and columns of the town are ignored
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        troll_card.matrix = ["....BT", ".....", ".....", ".....", ".....", "T...."]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then player 0's town is:
        """
        .  .  .  .  BO
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position has:
        """
        players.0.attack = null
        players.1.attack = null
        """

    @GV-ATTACK-ORDER @GV-BOULDER-SPAWN @GV-TROLL-SPAWN @GV-TROLL-DESTROY @GV-BOULDER-DESTROY
    Scenario: A boulder and a troll landing on empty spaces leave the gnomes elsewhere alone
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": ["B...T", ".....", ".....", ".....", "....."], "moves": []}
        """
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .@1 .  .  . .@2
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then player 0's town is:
        """
        BO .  .  .  TR
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .@1 .  .  . .@2
        """

  Rule: GV-TERM-OCCUPIED a space with a gnome on it is occupied

    @GV-TERM-OCCUPIED
    Scenario: Only the space a gnome stands on is occupied: the troll there exhausts that gnome, the boulder on an empty space touches none
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": ["T...B", ".....", ".....", ".....", "....."], "moves": []}
        """
      And player 0's town is:
        """
        .@1 .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.gnomes.1.hammer" is true
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then player 0's town is:
        """
        TR .  .  .  BO
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.mushrooms" is 2

  Rule: GV-TROLL-MOVE-FAR a double arrow moves trolls until a boulder, the border or defeat

    @GV-TROLL-MOVE-FAR @GV-FAQ-TROLL-BOULDER @GV-TROLL-MOVE-ORDER
    Scenario: Trolls run south, stop before a boulder and leave it whole
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".....", ".....", "....."], "moves": [["S", "far"]]}
        """
      And player 0's town is:
        """
        TR .  .  TR .
        TR .  .  .  .
        .  .  .@0 .  .
        .  .  .  BO .
        .  .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .@0 TR .
        TR .  .  BO .
        TR .  .  .  .
        """

    @GV-TROLL-MOVE-FAR @GV-TROLL-MOVE
    Scenario: A troll running west reaches the corner space at the border
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".....", ".....", "....."], "moves": [["W", "far"]]}
        """
      And player 0's town is:
        """
        .  .  .  TR .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then "players.0.cells.0" is ["troll", null, null, null, null]

  Rule: GV-TROLL-CAP at most three trolls per town, the player choosing the spawn

    @GV-TROLL-CAP @GV-TROLL-CHOICE @GV-FAQ-SPAWN-ORDER @until:example-troll-cap-4
    Scenario: Two trolls in town and two icons: the player picks the third, the fourth is ignored
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".....", ".....", "T...T"], "moves": []}
        """
      And player 0's town is:
        """
        TR .  .  .  TR
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "spawn", "what": "troll", "space": [4, 0]},
         {"actor": 0, "type": "spawn", "what": "troll", "space": [4, 4]}]
        """
      When player 0 plays:
        """
        {"type": "spawn", "what": "troll", "space": [4, 4]}
        """
      Then player 0's town is:
        """
        TR .  .  .  TR
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  TR
        """


    @GV-TROLL-CAP @until:example-troll-cap-4
    Scenario: A fourth troll icon is ignored without a choice
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".....", ".....", "....T"], "moves": []}
        """
      And player 0's town is:
        """
        TR .  .  .  TR
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        TR .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then player 0's town is:
        """
        TR .  .  .  TR
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        TR .  .  .  .
        """
      And "phase" is "delivery"

    @GV-TROLL-CAP @GV-EXHAUST @GV-EXHAUST-REDEPLOY @GV-TROLL-MOVE-STEP @until:example-troll-cap-4
    Scenario: With three trolls the card's troll is ignored and a step onto the only gnome leaves the attack done but the redeploy due
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".....", ".....", "....T"], "moves": [["E", "step"]]}
        """
      And player 0's town is:
        """
        TR .  .  .  .
        .  .  .  .  .
        TR .@0 .  .  .
        .  .  .  .  .
        TR .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.cells.0 = [null, "troll", null, null, null]
        players.0.cells.2 = [null, "troll", null, null, null]
        players.0.cells.4 = [null, "troll", null, null, null]
        players.0.gnomes.0.space = null
        players.0.attack = {"boulders": [], "trolls": [], "moves": []}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "place_gnome", "space": [0, 0]}
        """

    @GV-TROLL-CAP @GV-TROLL-CHOICE @GV-LOAD-CONSISTENT @GV-ATTACK-SURPRISE
    Scenario Outline: An attack the rules cannot make is refused while a spawn choice is pending (<why>)
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".....", ".....", "T...T"], "moves": []}
        """
      And player 0's town is:
        """
        TR .  .  .  TR
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      When the position is loaded:
        """
        <edit>
        """
      Then the request is refused as malformed

      Examples:
        | why                                  | edit                                                         |
        | a seat the game does not have        | attack_queue = [[0, "round"], [2, "round"]]                  |
        | a surprise attack with no card drawn | attack_queue = [[0, "round"], [1, "surprise"], [1, "round"]] |
        | one troll spawn listed twice         | players.0.attack.trolls = [[4, 0], [4, 0]]                   |

    @GV-TROLL-CAP @GV-TROLL-CHOICE @GV-LOAD-CONSISTENT
    Scenario: A pending spawn choice may include the top-left corner
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".....", ".....", "T...T"], "moves": []}
        """
      And player 0's town is:
        """
        .  .  .  .  TR
        .  .  .  .  .
        .  .  .@0 .  .
        TR .  .  .  .
        .  .  .  .  .
        """
      And these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      When the position is loaded:
        """
        players.0.attack.trolls = [[0, 0], [4, 4]]
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "spawn", "what": "troll", "space": [0, 0]},
         {"actor": 0, "type": "spawn", "what": "troll", "space": [4, 4]}]
        """

  Rule: GV-FAQ-BOULDER-ORDER the player orders the boulders

    @GV-FAQ-BOULDER-ORDER @GV-BOULDER-SPAWN
    Scenario: Two boulders to place are a choice of which falls first
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": ["B...B", ".....", ".....", ".....", "....."], "moves": []}
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "spawn", "what": "boulder", "space": [0, 0]},
         {"actor": 0, "type": "spawn", "what": "boulder", "space": [0, 4]}]
        """

  Rule: GV-TROLL-DESTROY trolls destroy buildings and exhaust gnomes, but not sword gnomes

    @GV-TROLL-DESTROY @GV-TROLL-SPAWN @GV-SWORD-DEFEAT @GV-TILES-TO-BAG
    Scenario: A troll lands on a sword gnome and is defeated, another destroys a house
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", "..T..", ".....", "T...."], "moves": []}
        """
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        ho .  .  .  .
        """
      And "players.0.gnomes.0.sword" is true
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      And player 0 plays:
        """
        {"type": "spawn", "what": "troll", "space": [2, 2]}
        """
      Then player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        TR .  .  .  .
        """
      And the position has:
        """
        players.0.mushrooms = 3
        players.0.bag.house = 3
        """

    @GV-TROLL-DESTROY @GV-SWORD-DEFEAT @GV-TROLL-MOVE-STEP
    Scenario: A troll stepping onto a sword gnome is defeated for a mushroom
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", "..T..", ".....", ".....", "....."], "moves": [["S", "step"]]}
        """
      And "players.0.gnomes.0.sword" is true
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position has:
        """
        players.0.mushrooms = 3
        players.0.gnomes.0.sword = true
        players.1.cells.2.2 = "troll"
        players.1.gnomes.0.space = null
        """

  Rule: GV-SWORD-DEFEAT a sword gnome defeats the enemy sharing its space

    @GV-SWORD-DEFEAT
    Scenario: A sword defeats only the troll on its own gnome's space: a troll landing on an empty space stays
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": ["T....", ".....", ".....", ".....", "....."], "moves": []}
        """
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  . .@2
        """
      And "players.0.gnomes.2.sword" is true
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then player 0's town is:
        """
        TR .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  . .@2
        """
      And the position has:
        """
        players.0.mushrooms = 2
        players.0.gnomes.2.sword = true
        """

  Rule: GV-SWORD-SPACE what stands under a sword gnome when a troll arrives

    @GV-SWORD-SPACE @GV-SWORD-DEFEAT @GV-TROLL-DESTROY @GV-TILES-TO-BAG @reading:sword_gnome_shields_building=false
    Scenario: A troll appearing on a sword gnome destroys the house under it and is defeated
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", "..T..", ".....", "....."], "moves": []}
        """
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  ho@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.gnomes.0.sword" is true
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      # enemies destroy buildings, the sword gnome being the only exception (gnomeville.ja.txt:304):
      # the house goes to the bag (2 + 1 = 3, :295), the troll is defeated for a mushroom (2 + 1, :309)
      Then player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position has:
        """
        players.0.bag.house = 3
        players.0.mushrooms = 3
        players.0.gnomes.0.sword = true
        """

    @GV-SWORD-SPACE @GV-SWORD-DEFEAT @GV-TROLL-MOVE-FAR @reading:sword_gnome_shields_building=false
    Scenario: A running troll destroys the armory under a sword gnome, is defeated there and runs no further
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", "..T..", ".....", ".....", "....."], "moves": [["S", "far"]]}
        """
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  ar@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.gnomes.0.sword" is true
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position has:
        """
        players.0.bag.armory = 1
        players.0.mushrooms = 3
        """

    @GV-SWORD-SPACE @GV-SWORD-DEFEAT @reading:sword_gnome_shields_building=true
    Scenario: Under the shielding reading the house under the sword gnome stays
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", "..T..", ".....", "....."], "moves": []}
        """
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  ho@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        players.0.gnomes.0.sword = true
        options.sword_gnome_shields_building = true
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  ho@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position has:
        """
        players.0.bag.house = 2
        players.0.mushrooms = 3
        """

    @GV-SWORD-SPACE @GV-SWORD-DEFEAT @GV-TROLL-MOVE-FAR @reading:sword_gnome_shields_building=true
    Scenario: Under the shielding reading a running troll is defeated on the sword gnome and the armory stays
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", "..T..", ".....", ".....", "....."], "moves": [["S", "far"]]}
        """
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  ar@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        players.0.gnomes.0.sword = true
        options.sword_gnome_shields_building = true
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  ar@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position has:
        """
        players.0.bag.armory = 0
        players.0.mushrooms = 3
        """

  Rule: GV-BOULDER-SUPPLY-EXHAUSTED a boulder icon when all 44 tokens are in the towns

    @GV-BOULDER-SUPPLY-EXHAUSTED @GV-COMP-BOULDERS @reading:boulder_supply_limited=true
    Scenario: With the 44 boulders all in the towns a boulder icon is ignored
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".B...", ".....", "....."], "moves": []}
        """
      And player 0's town is:
        """
        BO BO BO BO BO
        BO BO BO BO BO
        BO .  .@0 .  BO
        BO BO BO BO BO
        BO BO BO BO BO
        """
      And player 1's town is:
        """
        BO BO BO BO BO
        BO BO BO BO BO
        BO .  .@0 .  BO
        BO BO BO BO BO
        BO BO BO BO BO
        """
      And "boulder_supply" is 0
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.cells.2 = ["boulder", null, null, null, "boulder"]
        players.1.cells.2 = ["boulder", null, null, null, "boulder"]
        boulder_supply = 0
        """

    @GV-BOULDER-SUPPLY-EXHAUSTED @reading:boulder_supply_limited=false
    Scenario: Under the unlimited reading a substitute boulder lands though the supply is empty
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".B...", ".....", "....."], "moves": []}
        """
      And player 0's town is:
        """
        BO BO BO BO BO
        BO BO BO BO BO
        BO .  .@0 .  BO
        BO BO BO BO BO
        BO BO BO BO BO
        """
      And player 1's town is:
        """
        BO BO BO BO BO
        BO BO BO BO BO
        BO .  .@0 .  BO
        BO BO BO BO BO
        BO BO BO BO BO
        """
      And "boulder_supply" is 0
      And "options.boulder_supply_limited" is false
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.cells.2 = ["boulder", "boulder", null, null, "boulder"]
        players.1.cells.2 = ["boulder", "boulder", null, null, "boulder"]
        boulder_supply = 0
        """

    @GV-BOULDER-SUPPLY-EXHAUSTED @GV-MOVE-BOULDER @GV-DESTROYED-TO-SUPPLY @reading:boulder_supply_limited=false
    Scenario: Under the unlimited reading a boulder broken while substitutes are out leaves the supply empty
      # 46 boulders in the towns, two of them substitutes: breaking one leaves 45, still more
      # than the 44 tokens, so none comes back to the supply (44 - 45 gives none).
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"boulder_supply_limited": false}
        """
      And player 1's town is:
        """
        BO BO BO BO BO
        BO BO BO BO BO
        BO .  .@0 .  BO
        BO BO BO BO BO
        BO BO BO BO BO
        """
      And the position:
        """
        players.0.cells = [["boulder", "boulder", "boulder", "boulder", "boulder"], ["boulder", "boulder", "boulder", "boulder", "boulder"], ["boulder", "boulder", null, "boulder", "boulder"], ["boulder", "boulder", "boulder", "boulder", "boulder"], ["boulder", "boulder", "boulder", "boulder", "boulder"]]
        boulder_supply = 0
        players.0.gnomes.0.hammer = true
        players.0.moves = 1
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the position has:
        """
        players.0.cells.1 = ["boulder", "boulder", null, "boulder", "boulder"]
        boulder_supply = 0
        players.0.mushrooms = 3
        """

    @GV-BOULDER-SUPPLY-EXHAUSTED @GV-FAQ-BOULDER-ORDER @GV-COMP-BOULDERS @reading:boulder_supply_limited=true
    Scenario: The last boulder of the supply lands and the next boulder icon finds none
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".B.B.", ".....", "....."], "moves": []}
        """
      And player 1's town is:
        """
        BO BO BO BO BO
        BO BO BO BO BO
        BO .  .@0 .  BO
        BO BO BO BO BO
        BO BO BO BO BO
        """
      And the position:
        """
        players.0.cells = [["boulder", "boulder", "boulder", "boulder", "boulder"], ["boulder", "boulder", "boulder", "boulder", "boulder"], ["boulder", null, null, null, null], ["boulder", "boulder", "boulder", "boulder", "boulder"], ["boulder", "boulder", "boulder", "boulder", "boulder"]]
        boulder_supply = 1
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": 0, "type": "spawn", "what": "boulder", "space": [2, 1]},
         {"actor": 1, "type": "spawn", "what": "boulder", "space": [2, 1]}]
        """
      Then the position has:
        """
        players.0.cells.2 = ["boulder", "boulder", null, null, null]
        players.1.cells.2 = ["boulder", null, null, null, "boulder"]
        boulder_supply = 0
        """

  Rule: GV-BOULDER-DESTROY boulders destroy all where they land, except hammer gnomes

    @GV-BOULDER-DESTROY @GV-HAMMER-BREAK @GV-HAMMER-SPACE @GV-ONE-PER-SPACE @reading:hammer_gnome_shields_building=false
    Scenario: A boulder crushes the market under a hammer gnome and breaks on the gnome, crushes a troll and a market, and is lost on a boulder
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": ["B.B.B", ".....", "..B..", ".....", "....."], "moves": []}
        """
      And player 0's town is:
        """
        TR .  mk .  BO
        .  .  .  .  .
        .  .  mk@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        players.0.gnomes.0.hammer = true
        boulder_supply = 43
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": 0, "type": "spawn", "what": "boulder", "space": [0, 0]},
         {"actor": 0, "type": "spawn", "what": "boulder", "space": [0, 2]},
         {"actor": 0, "type": "spawn", "what": "boulder", "space": [0, 4]}]
        """
      # the boulder destroys everything where it lands but the hammer gnome (gnomeville.ja.txt:305):
      # the market under the gnome goes to the bag with the other crushed market (5 + 2 = 7),
      # the gnome breaks the boulder for a mushroom (2 + 1 = 3, gnomeville.ja.txt:310)
      Then player 0's town is:
        """
        BO .  BO .  BO
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position has:
        """
        players.0.mushrooms = 3
        players.0.bag.market = 7
        players.0.gnomes.0.hammer = true
        """

    @GV-BOULDER-DESTROY @GV-EXHAUST
    Scenario: A sword does not save a gnome from a boulder
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", "..B..", ".....", "....."], "moves": []}
        """
      And player 0's town is:
        """
        .@1 .  .  .  .
        .  .  .  .  .
        .  .  ho@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.gnomes.0.sword" is true
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then player 0's town is:
        """
        .@1 .  .  .  .
        .  .  .  .  .
        .  .  BO .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position has:
        """
        players.0.gnomes.0 = {"space": null, "hammer": false, "sword": false, "graduated": false, "ability": null}
        players.0.bag.house = 3
        players.0.mushrooms = 2
        """

  Rule: GV-HAMMER-BREAK a hammer gnome breaks the boulder sharing its space

    @GV-HAMMER-BREAK
    Scenario: A hammer breaks only the boulder on its own gnome's space: a boulder landing on an empty space stays
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": ["B....", ".....", ".....", ".....", "....."], "moves": []}
        """
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  . .@2
        """
      And "players.0.gnomes.2.hammer" is true
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then player 0's town is:
        """
        BO .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  . .@2
        """
      And the position has:
        """
        players.0.mushrooms = 2
        players.0.gnomes.2.hammer = true
        """

    # gnomeville.ja.txt:310: only a gnome with a hammer breaks the boulder on its space; a sword
    # is no hammer, so the boulder landing on the sword gnome stays and pays no mushroom
    @GV-HAMMER-BREAK
    Scenario: A sword gnome does not break the boulder landing on it and gains no mushroom
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", "..B..", ".....", "....."], "moves": []}
        """
      And player 0's town is:
        """
        .@1 .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.gnomes.0.sword" is true
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then "players.0.cells.2.2" is "boulder"
      And "players.0.mushrooms" is 2

  Rule: GV-HAMMER-SPACE what stands under a hammer gnome when a boulder lands

    @GV-HAMMER-SPACE @GV-HAMMER-BREAK @reading:hammer_gnome_shields_building=true
    Scenario: Under the shielding reading the market under the hammer gnome stays
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": ["B.B.B", ".....", "..B..", ".....", "....."], "moves": []}
        """
      And player 0's town is:
        """
        TR .  mk .  BO
        .  .  .  .  .
        .  .  mk@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        players.0.gnomes.0.hammer = true
        boulder_supply = 43
        options.hammer_gnome_shields_building = true
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": 0, "type": "spawn", "what": "boulder", "space": [0, 0]},
         {"actor": 0, "type": "spawn", "what": "boulder", "space": [0, 2]},
         {"actor": 0, "type": "spawn", "what": "boulder", "space": [0, 4]}]
        """
      Then player 0's town is:
        """
        BO .  BO .  BO
        .  .  .  .  .
        .  .  mk@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position has:
        """
        players.0.mushrooms = 3
        players.0.bag.market = 6
        """

  Rule: GV-ONE-PER-SPACE one space holds one enemy or one boulder only

    @GV-ONE-PER-SPACE @GV-TROLL-SPAWN
    Scenario: A troll appearing on a boulder is lost
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": ["T....", ".....", ".....", ".....", "....."], "moves": []}
        """
      And player 0's town is:
        """
        BO .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then player 0's town is:
        """
        BO .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """

  Rule: GV-ATTACK-SURPRISE the surprise card hits the stuck players only, before the round card

    @GV-ATTACK-SURPRISE @GV-BUILD-STUCK-SURPRISE @GV-ATTACK-ROUND @GV-TROLL-MOVE
    Scenario: The stuck player's surprise troll is already in town when the round card moves it
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".....", ".....", "....."], "moves": [["E", "step"]]}
        """
      And the position:
        """
        players.0.stumps = 2
        players.0.hand = "gnome"
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "place"}, {"actor": 0, "type": "stop"}, {"actor": 1, "type": "pass"}]
        """
      Then "chance" is {"type": "troll_card"}
      When chance reveals:
        """
        {"type": "troll_card", "card": "troll-02", "matrix": ["T....", ".....", ".....", ".....", "....."], "moves": []}
        """
      Then the position has:
        """
        players.0.cells.0 = [null, "troll", null, null, null]
        players.1.cells.0 = [null, null, null, null, null]
        troll_discard = ["troll-01", "troll-02"]
        """
