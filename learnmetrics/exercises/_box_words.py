"""The answer box's own words for "another one" and for the learner's progress, in each language.

``_widget`` merges this table into the page's ``MESSAGES`` (after the verdicts' words, which
``_messages`` owns); ``tools/build_site.py`` takes the ``site_*`` words for the progress line of
each chapter page and of the index. Placeholders are filled in the page: ``{k}`` and ``{n}``.
"""
BOX_WORDS = {
    "en": {
        "box_another": "another one", "box_another_label": "another one: an exercise like this one with new numbers",
        "box_variant": "Another one ({k} of {n}):", "box_original": "back to the original",
        "box_solution": "show the worked solution",
        "box_before": "\u2714 solved before (in this browser)",
        "site_tally": "{k} of {n} exercises solved", "site_tally_all": "{k} of {n} exercises solved in the course",
        "site_export": "export progress", "site_clear": "clear progress",
        "site_confirm": "Clear the record of every exercise solved in this browser?",
        "site_none": "progress is not kept: this browser gives the page no storage",
        "site_note": "kept in this browser only",
        "box_progress": "{k} exercise{s} solved in this browser:",
    },
    "zh": {
        "box_another": "换一题", "box_another_label": "换一题：同类题，数字不同",
        "box_variant": "换一题（第 {k} 题，共 {n} 题）：", "box_original": "回到原题",
        "box_solution": "看解答",
        "box_before": "\u2714 以前做对过（本浏览器记录）",
        "site_tally": "已做对 {n} 道练习中的 {k} 道", "site_tally_all": "全课程已做对 {n} 道练习中的 {k} 道",
        "site_export": "导出进度", "site_clear": "清除进度",
        "site_confirm": "清除本浏览器里所有做对练习的记录？",
        "site_none": "无法保存进度：这个浏览器不给本页存储空间",
        "site_note": "只保存在本浏览器里",
        "box_progress": "本浏览器里已做对 {k} 道练习：",
    },
}

#: the browser storage key of the progress record (localStorage; nothing leaves the machine)
STORE_KEY = "learnmetrics-progress-v1"
