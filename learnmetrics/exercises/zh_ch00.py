"""Chinese texts of chapter 00's exercise (the numbers are the English ones, from ch00)."""
from __future__ import annotations

from .. import classification as _clf
from . import ch00 as e
from ._core import translate


_NAMES = {1: "好瓜", 0: "坏瓜"}


def _solve(y=e._melons.y_true, s=e._melons.y_score, t=e._T):
    p = (s >= t).astype(int)
    c = _clf.binary_counts(y, p)
    return "\n".join([
        f"预测为好瓜（分数 ≥ {t}）：排序表中前 {c.tp + c.fp:g} 个瓜",
        f"其中 {c.tp:g} 个是好瓜（TP），{c.fp:g} 个是坏瓜（FP）；截断点以下有 {c.fn:g} 个好瓜（FN）、"
        f"{c.tn:g} 个坏瓜（TN）",
        f"精度 = (TP + TN) / m = ({c.tp:g} + {c.tn:g}) / {c.m:g} = {_clf.accuracy_score(y, p):.4f}",
        f"（错误率是其余部分：(FP + FN) / m = {_clf.error_rate(y, p):.4f}）",
    ])


def _zh_1(made):
    d = made["data"]
    y, s, t = d["y_true"], d["y_score"], d["threshold"]
    if "ids" in d:
        listing = "，".join(f"#{i} {_NAMES[int(v)]} {x:.3f}" for i, v, x in zip(d["ids"], y, s))
        cut = f"另一个模型给这 17 个瓜打分（从高到低）：{listing}。把这个排序在 {t} 处截断"
        at_half = "这是截断点取 0.5 时的精度。"
    else:
        cut = f"把上面打印的排序后的西瓜在 {t} 处截断"
        at_half = "这是截断点取 0.5（上面打印的那个）时的精度。"
    return dict(
        prompt=f"{cut}：分数不低于 {t} 的瓜都预测为好瓜。精度是多少？"
               "先在表中数出 TP、FP、FN 和 TN，再用一个数作答（写成 9/17 这样的分数也可以）。",
        mistakes=[
            ("这是 (TP + FN) / m，即笔记 003 的公式：TP + FN 是好瓜的个数，与截断点无关。",
             "精度数的是预测正确的样例：预测为好瓜的好瓜（TP）和预测为坏瓜的坏瓜（TN）。"),
            ("这是查准率 TP / (TP + FP)，笔记 000 称之为“准确率”。",
             "书中的“精度”是 accuracy：(TP + TN) / m，分母是全部 17 个瓜，而不只是预测为好瓜的那些。"),
            ("这是错误率 (FP + FN) / m，即预测错误的比例。",
             "精度是另一部分：1 减去错误率，即预测正确的比例。"),
            (at_half, f"本题在 {t} 处截断：分数在 {t} 到 0.5 之间的瓜也预测为好瓜。"),
        ],
        solve=lambda: _solve(y, s, t),
    )


translate(
    "00.1",
    hint="数一数截断点两侧的瓜：截断点以上的好瓜（TP），截断点以下的坏瓜（TN）；精度是 (TP + TN) / 17。",
    variants=_zh_1,
    **_zh_1(e._make_00_1(0)),
)

#: The English texts these translations follow: a fingerprint (SHA-256, first 10 hex digits) of each
#: English field, checked by tests/test_zh_in_step.py. When an English text changes, update its Chinese
#: here, then record the new fingerprint (the test's message gives it).
FOLLOWS = {
    '00.1': {'prompt': '61e436e34a', 'hint': 'c4abdd85e2', 'mistake 1': 'ff83d04758', 'mistake 2': 'db860babb9',
             'mistake 3': '02966910b1', 'mistake 4': '61efcbee75', 'solve': 'e22819b83d'},
}
