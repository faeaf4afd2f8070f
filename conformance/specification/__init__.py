"""The specification tools: the rule catalogue and its self-checks, safe document loading,
decision tables, the proof index, rulings and their witnesses, errata, the HTML rulebook."""
