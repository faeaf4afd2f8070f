Feature: Notre Dame person decks and phase 1
  The brown deck and the lettered A/B/C stack (notre-dame-10th.ja.txt lines 23-61, 239-241, 277).

  Background:
    Given a new "notre_dame" game with 3 players and setup:
      """
      {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4]}}}
      """

  Rule: ND-PERSONS-KINDS brown cards and lettered cards

    @ND-PERSONS-KINDS @ND-PERSONS-REVEAL
    Scenario: A round shows two brown persons and one lettered person
      When these actions are applied:
        """
        [{"actor": "chance", "type": "reveal_person", "person": "monk"},
         {"actor": "chance", "type": "reveal_person", "person": "landlady"},
         {"actor": "chance", "type": "reveal_person", "person": "A2"}]
        """
      Then the position has:
        """
        display = ["A2", "landlady", "monk"]
        phase = "deal"
        """

    @ND-PERSONS-KINDS
    Scenario: A lettered person is not revealed before the two brown ones
      When chance reveals:
        """
        {"type": "reveal_person", "person": "A1"}
        """
      Then the action is rejected citing rule "ND-PERSONS-REVEAL"

  Rule: ND-SETUP-LETTERED three cards of each letter are used

    @ND-SETUP-LETTERED @ND-PERSONS-LETTERED
    Scenario: The first lettered card is one of the nine A cards, each equally likely
      When these actions are applied:
        """
        [{"actor": "chance", "type": "reveal_person", "person": "monk"},
         {"actor": "chance", "type": "reveal_person", "person": "poet"}]
        """
      Then the chance outcomes are:
        """
        [{"action": {"person": "A1"}, "probability": "1/9"},
         {"action": {"person": "A2"}, "probability": "1/9"},
         {"action": {"person": "A3"}, "probability": "1/9"},
         {"action": {"person": "A4"}, "probability": "1/9"},
         {"action": {"person": "A5"}, "probability": "1/9"},
         {"action": {"person": "A6"}, "probability": "1/9"},
         {"action": {"person": "A7"}, "probability": "1/9"},
         {"action": {"person": "A8"}, "probability": "1/9"},
         {"action": {"person": "A9"}, "probability": "1/9"}]
        """

    @ND-SETUP-LETTERED
    Scenario: The third A card comes from the seven A cards not yet drawn
      Given the position:
        """
        round = 3
        lettered.A = ["A1", "A2", "A4", "A5", "A7", "A8", "A9"]
        display = ["doctor", "poet"]
        brown_deck = ["landlady", "magician"]
        """
      Then the chance outcomes are:
        """
        [{"action": {"person": "A1"}, "probability": "1/7"},
         {"action": {"person": "A2"}, "probability": "1/7"},
         {"action": {"person": "A4"}, "probability": "1/7"},
         {"action": {"person": "A5"}, "probability": "1/7"},
         {"action": {"person": "A7"}, "probability": "1/7"},
         {"action": {"person": "A8"}, "probability": "1/7"},
         {"action": {"person": "A9"}, "probability": "1/7"}]
        """

    @ND-SETUP-LETTERED
    Scenario: The lettered card of a round is drawn from the letter's unused cards
      Given the position:
        """
        round = 2
        lettered.A = ["A1", "A3"]
        display = ["doctor", "poet"]
        brown_deck = ["landlady", "magician"]
        """
      Then the chance outcomes are:
        """
        [{"action": {"person": "A1"}, "probability": "1/2"},
         {"action": {"person": "A3"}, "probability": "1/2"}]
        """

  Rule: ND-SETUP-STACK A on top, then B, then C

    @ND-SETUP-STACK
    Scenario: Stage B reveals a B card
      Given the position:
        """
        round = 4
        display = ["doctor", "poet"]
        brown_deck = ["landlady", "magician", "moneylender", "monk"]
        lettered.A = []
        """
      Then the chance outcomes are:
        """
        [{"action": {"person": "B1"}, "probability": "1/9"},
         {"action": {"person": "B2"}, "probability": "1/9"},
         {"action": {"person": "B3"}, "probability": "1/9"},
         {"action": {"person": "B4"}, "probability": "1/9"},
         {"action": {"person": "B5"}, "probability": "1/9"},
         {"action": {"person": "B6"}, "probability": "1/9"},
         {"action": {"person": "B7"}, "probability": "1/9"},
         {"action": {"person": "B8"}, "probability": "1/9"},
         {"action": {"person": "B9"}, "probability": "1/9"}]
        """

    @ND-SETUP-STACK
    Scenario: Stage C reveals a C card
      Given the position:
        """
        round = 9
        display = ["doctor", "poet"]
        brown_deck = []
        lettered = {"A": [], "B": [], "C": ["C2"]}
        """
      Then the chance outcomes are:
        """
        [{"action": {"person": "C2"}, "probability": "1/1"}]
        """

    @ND-SETUP-STACK
    Scenario: Round 3 still reveals the last A card, not a B card
      Given the position:
        """
        round = 3
        display = ["doctor", "poet"]
        brown_deck = ["landlady", "magician"]
        lettered = {"A": ["A2"], "B": ["B1", "B2", "B3"], "C": ["C1", "C2", "C3"]}
        """
      Then the chance outcomes are:
        """
        [{"action": {"person": "A2"}, "probability": "1/1"}]
        """

  Rule: ND-SETUP-BROWN the six brown cards are shuffled

    @ND-SETUP-BROWN @ND-PERSONS-REVEAL
    Scenario: The first person is one of the six brown cards, each equally likely
      Then the chance outcomes are:
        """
        [{"action": {"person": "doctor"}, "probability": "1/6"},
         {"action": {"person": "landlady"}, "probability": "1/6"},
         {"action": {"person": "magician"}, "probability": "1/6"},
         {"action": {"person": "moneylender"}, "probability": "1/6"},
         {"action": {"person": "monk"}, "probability": "1/6"},
         {"action": {"person": "poet"}, "probability": "1/6"}]
        """

  Rule: ND-PERSONS-REVEAL three persons face up each round

    @ND-PERSONS-REVEAL
    Scenario: A revealed brown person leaves the brown deck
      When chance reveals:
        """
        {"type": "reveal_person", "person": "poet"}
        """
      Then the position has:
        """
        display = ["poet"]
        brown_deck = ["doctor", "landlady", "magician", "moneylender", "monk"]
        """

  Rule: ND-PERSONS-NEXT the next round draws from the four brown cards left

    @ND-PERSONS-NEXT
    Scenario: Round 2 draws its brown persons from the four left
      Given the position:
        """
        round = 2
        brown_deck = ["landlady", "magician", "moneylender", "monk"]
        lettered.A = ["A1", "A3"]
        """
      Then the chance outcomes are:
        """
        [{"action": {"person": "landlady"}, "probability": "1/4"},
         {"action": {"person": "magician"}, "probability": "1/4"},
         {"action": {"person": "moneylender"}, "probability": "1/4"},
         {"action": {"person": "monk"}, "probability": "1/4"}]
        """

  Rule: ND-PERSONS-STAGE-END after three rounds stage A ends

    @ND-PERSONS-STAGE-END @ND-PERSONS-RESHUFFLE
    Scenario: The end of round 3 starts stage B with a full brown deck
      Given the position:
        """
        round = 3
        phase = "buy"
        current = 2
        display = []
        brown_deck = []
        lettered = {"A": [], "B": ["B1", "B2", "B3"], "C": ["C1", "C2", "C3"]}
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        brown_deck = ["doctor", "landlady", "magician", "moneylender", "monk", "poet"]
        """

  Rule: ND-PERSONS-RESHUFFLE the brown cards are reshuffled for each stage

    @ND-PERSONS-RESHUFFLE
    Scenario: Round 4 draws brown persons from all six again
      Given the position:
        """
        round = 4
        brown_deck = ["doctor", "landlady", "magician", "moneylender", "monk", "poet"]
        lettered.A = []
        """
      Then the chance outcomes are:
        """
        [{"action": {"person": "doctor"}, "probability": "1/6"},
         {"action": {"person": "landlady"}, "probability": "1/6"},
         {"action": {"person": "magician"}, "probability": "1/6"},
         {"action": {"person": "moneylender"}, "probability": "1/6"},
         {"action": {"person": "monk"}, "probability": "1/6"},
         {"action": {"person": "poet"}, "probability": "1/6"}]
        """

    # Lines 41-57: a stage's six brown cards are shuffled once, for its first round (line 53
    # for stage B), and the next round draws "from the four brown cards left" (line 47, done
    # "the same way" in stage B, line 57) until the deck runs out at the stage's end. Round 4
    # showed the doctor and the poet, so round 5 draws from the four left, not from six.
    @ND-PERSONS-RESHUFFLE
    Scenario: The end of round 4 does not reshuffle the brown deck: round 5 draws from the four left
      Given the position:
        """
        round = 4
        phase = "buy"
        current = 2
        display = []
        brown_deck = ["landlady", "magician", "moneylender", "monk"]
        lettered = {"A": [], "B": ["B1", "B2"], "C": ["C1", "C2", "C3"]}
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the chance outcomes are:
        """
        [{"action": {"person": "landlady"}, "probability": "1/4"},
         {"action": {"person": "magician"}, "probability": "1/4"},
         {"action": {"person": "moneylender"}, "probability": "1/4"},
         {"action": {"person": "monk"}, "probability": "1/4"}]
        """

  Rule: ND-PERSONS-STAGEB after round 6 stage C begins

    @ND-PERSONS-STAGEB
    Scenario: The end of round 6 starts stage C
      Given the position:
        """
        round = 6
        phase = "buy"
        current = 2
        display = []
        brown_deck = []
        lettered = {"A": [], "B": [], "C": ["C1", "C2", "C3"]}
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        brown_deck = ["doctor", "landlady", "magician", "moneylender", "monk", "poet"]
        """

  Rule: ND-PERSONS-BROWN the six brown persons

    @ND-PERSONS-BROWN
    Scenario: The brown persons are the landlady, monk, moneylender, poet, magician and doctor
      Then the legal actions are exactly:
        """
        [{"actor": "chance", "type": "reveal_person", "person": "doctor"},
         {"actor": "chance", "type": "reveal_person", "person": "landlady"},
         {"actor": "chance", "type": "reveal_person", "person": "magician"},
         {"actor": "chance", "type": "reveal_person", "person": "moneylender"},
         {"actor": "chance", "type": "reveal_person", "person": "monk"},
         {"actor": "chance", "type": "reveal_person", "person": "poet"}]
        """

  Rule: ND-PERSONS-LETTERED the lettered persons (provisional)

    @ND-PERSONS-LETTERED
    Scenario: The provisional person A1 gives two coins
      Given the position:
        """
        phase = "buy"
        current = 0
        display = ["A1", "doctor", "poet"]
        """
      When player 0 plays:
        """
        {"type": "buy", "person": "A1"}
        """
      Then "players.0.coins" is 4

  Rule: ND-PERSONS-RATS rats printed on the persons (provisional)

    @ND-PERSONS-RATS @ND-RATS-INCREASE
    Scenario: The provisional rats of moneylender, doctor and A3 add up to four
      Given the position:
        """
        phase = "buy"
        current = 2
        display = ["A3", "doctor", "moneylender"]
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.rats = 4
        players.1.rats = 4
        players.2.rats = 4
        """
