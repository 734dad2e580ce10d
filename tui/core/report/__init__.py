"""The report with pictures: a battle's moments, strength, rolls and story
gathered through its system's hooks, drawn as SVG, put on one offline HTML
page, and made PNGs for a chat (the extra ``masscombat[report]``)."""
