"""Chinese texts of chapter 11's exercises (the numbers are the English ones, from ch11)."""
from __future__ import annotations

import math

import numpy as np

from learnmetrics import calibration as C

from . import ch11 as e
from ._core import translate
from ._core import zh_choice_list

Y1, P1, B1, SQ1 = e._Y1, e._P1, e._B1, e._SQ1


def _solve_1(y, p):
    sq = (p - y) ** 2
    b = C.brier_score_loss(y, p)
    return (f"差距的平方 (p - y)²：{np.round(sq, 4).tolist()}\n"
            f"Brier 分数 = 它们的均值 = {sq.sum():.4f} / {y.size} = {b:.4f}\n"
            f"（lm.brier_score_loss 给出 {b:.4f}）")


def _zh_1(made):
    y, p = made["data"]["y_true"], made["data"]["y_prob"]
    return dict(
        prompt=f"标记 {y.tolist()}（1 = 正例），预测为正类的概率 {p.tolist()}。计算 Brier 分数：(p - y)² 的均值。",
        mistakes=[
            ("这是 Brier 分数的平方根（均方根误差），", "Brier 分数是平方的均值，不开方。"),
            ("这是差距平方之和，", f"再除以 {y.size} 个样例。"),
            ("你对两个类别的列都求了差距平方之和，", "两个类别时 scikit-learn 把这个和减半（scale_by_half='auto'）：它就是 (p - y)² 的均值。"),
        ],
        solve=lambda: _solve_1(y, p),
    )


translate("11.1", hint="对每个样例算 (p - y)²，y 为 1 或 0；再求均值。", variants=_zh_1, **_zh_1(e._make_11_1(0)))

Y2, P2, E2, PT2, PP2, N2 = e._Y2, e._P2, e._E2, e._PT2, e._PP2, e._N2


def _solve_2(y, p):
    pt, pp = C.calibration_curve(y, p, n_bins=2)
    n = np.array([int((p <= 0.5).sum()), int((p > 0.5).sum())])
    lines = []
    for k in range(2):
        lines.append(f"分箱 {'[0, 0.5]' if k == 0 else '(0.5, 1]'}：{n[k]} 个样例，平均 p = {pp[k]:.4f}，"
                     f"正例比例 = {pt[k]:.4f}，差距 |{pt[k]:.4f} - {pp[k]:.4f}| = {abs(pt[k] - pp[k]):.4f}")
    lines.append(f"ECE = {n[0]}/6 · {abs(pt[0] - pp[0]):.4f} + {n[1]}/6 · {abs(pt[1] - pp[1]):.4f} = "
                 f"{C.expected_calibration_error(y, p, n_bins=2):.4f}")
    return "\n".join(lines)


def _zh_2(made):
    y, p = made["data"]["y_true"], made["data"]["y_prob"]
    return dict(
        prompt=f"标记 {y.tolist()}（1 = 正例），概率 {p.tolist()}。用两个分箱 [0, 0.5] 和 (0.5, 1] 计算期望校准误差："
               "各分箱的差距 |正例比例 - 平均概率|，按各分箱所占的样例比例加权。",
        mistakes=[
            ("这是两个差距的简单平均，", "要按各分箱所占的样例比例给差距加权。"),
            ("差距带着符号相加，于是相互抵消了，", "先对每个分箱的差距取绝对值，再相加。"),
        ],
        solve=lambda: _solve_2(y, p),
    )


translate("11.2", hint="第 1 个分箱装概率 ≤ 0.5 的样例；对每个分箱求平均 p 和 1 所占的比例。", variants=_zh_2,
          **_zh_2(e._make_11_2(0)))


def _solve_3(p):
    return (f"真实类别得到的概率是 1 - {p} = {1 - p:.2f}\n"
            f"对数损失 = -ln({1 - p:.2f}) = {C.log_loss([0, 1], [p, 1 - p]):.4f}（自然对数）\n"
            f"同一个错误的 Brier 分数是 ({p} - 0)² = {C.brier_score_loss([0], [p]):.4f}：上限为 1，"
            "而对数损失在 p → 1 时无限增大")


def _zh_3(made):
    p = made["data"]["y_prob"][0]
    return dict(
        prompt=f"一个反例得到 P(+) = {p}。它的对数损失（自然对数）是多少？",
        mistakes=[
            ("这是以 10 为底的对数，", "对数损失用的是自然对数 ln。"),
            ("这是错误类别（+）的概率的 -ln" + (f"，保留 2 位小数时也等于 1 - {p} = {1 - p:.2f} 本身（真实类别的概率，"
                                            "没有取 -ln），" if -math.log(p) - (1 - p) < 0.01 else "，"),
             f"对数损失取的是给“真实”类别的概率，这里是 1 - {p}。"),
        ],
        solve=lambda: _solve_3(p),
    )


translate("11.3", hint="-ln（给真实类别的概率）。", variants=_zh_3, **_zh_3(e._make_11_3(0)))

S4, OPTS4, CAT4 = e._S4, e._OPTS4, e._CAT4
_OPT_ZH = {"goes up": "上升", "stays the same": "不变", "goes down": "下降"}


def _solve_4():
    a, b = S4[1.0], S4[2.0]
    return (f"T = 1：AUC {a.auc:.4f}，Brier {a.brier:.4f}；T = 2：AUC {b.auc:.4f}，Brier {b.brier:.4f}\n"
            "对任意 T > 0，σ(logit(p)/T) 都是 p 的增函数：样例的顺序不变，所以 AUC "
            f"{_OPT_ZH[CAT4]}（'{CAT4}'）；变的只是概率（以及 Brier 分数、对数损失、ECE）。"
            "（在浮点运算中，很小的 T（如 0.01）会把最高的分数舍入成恰好 1.0 并使它们并列，AUC 可能因此下降。）")


_M4 = {"goes up": ("变柔和看起来应该有帮助，", "AUC 只看分数的顺序，而把对数几率除以 T 不改变顺序。"),
       "goes down": ("不那么自信的分数看起来更差，", "不那么自信不等于排序更差：AUC 数的是顺序正确的对，而没有哪一对改变顺序。"),
       "stays the same": ("AUC 在这里确实变了，", "再看一遍探索器的读数。")}
translate(
    "11.4",
    choices=("变大", "不变", "变小"),
    aliases={f"AUC {w}": o for o, ws in (("goes up", ("变大", "上升", "goes up", "increases")),
                                         ("stays the same", ("不变", "不会变", "不改变", "stays the same", "remains the same",
                                                             "is unchanged", "does not change")),
                                         ("goes down", ("变小", "下降", "goes down", "decreases"))) for w in ws},
    prompt="先预测，再用探索器验证：把温度从 T = 1 调到 T = 2（概率更柔和）。AUC 会……"
           f"{zh_choice_list(['变大', '不变', '变小'], OPTS4)}。",
    hint="把每个对数几率都除以 2，会改变两个样例中哪个分数更高吗？",
    mistakes=[_M4[o] for o in ("goes up", "goes down") if o != CAT4],
    solve=_solve_4,
)

translate(
    "11.5",
    prompt="用文字解释：一个模型给每个样例都给出同一个概率，即数据中正例所占的比例。它的 ECE 和 AUC 是多少？为什么 ECE 低还不够？",
    answer="所有样例落在同一个分箱里，这个分箱的平均概率等于其中正例的比例，所以 ECE 为 0：模型校准得完美无缺。"
           "但它什么也没排序：每一对正例与反例的分数都相同（并列），AUC 为 0.5，在 Brier 分解中它的分辨率为 0（Brier = 不确定性）。"
           "校准说明这些概率可以当作概率来信任；它说明不了这些概率能否把两类分开。"
           "好的模型两者都要：可靠性项低，分辨率高。",
)

#: The English texts these translations follow: a fingerprint (SHA-256, first 10 hex digits) of each
#: English field, checked by tests/test_zh_in_step.py. When an English text changes, update its Chinese
#: here, then record the new fingerprint (the test's message gives it).
FOLLOWS = {
    '11.1': {'prompt': '4a7f08d8b9', 'hint': '85742e8ca3', 'mistake 1': '879de5bd85', 'mistake 2': 'fca444c282',
             'mistake 3': 'ec2db4e16f', 'solve': 'c1a6037ec4'},
    '11.2': {'prompt': 'b158523395', 'hint': 'f9b60aa4e3', 'mistake 1': '0e0505d91b', 'mistake 2': '413dfb372a',
             'solve': 'f492690a68'},
    '11.3': {'prompt': '534b16d05d', 'hint': 'ac32e12514', 'mistake 1': '4c9c031855', 'mistake 2': 'd1d828b96e',
             'solve': 'b2f33ff500'},
    '11.4': {'prompt': 'e8649334d6', 'hint': '46d685a485', 'mistake 1': '4f62f3a252', 'mistake 2': 'f5d25f6cd1',
             'solve': '2f87e43188'},
    '11.5': {'prompt': 'e50db86de7', 'answer': 'fa39ca685c', 'key_points': 'ef06045657'},
}
