"""Chinese texts of chapter 14's exercises (the numbers are the English ones, from ch14)."""
from __future__ import annotations

import math

from . import ch14 as e
from ._core import translate
from ._core import zh_choice_list

Z, K1, N1, W1, CP1, P1 = e._Z, e._K1, e._N1, e._W1, e._CP1, e._P1


def _solve_1(k=K1, n=N1):
    w, cp = e.U.proportion_ci(k, n, method="wilson"), e.U.proportion_ci(k, n, method="exact")
    return (f"查全率 = {k}/{n} = {k / n:.4f}；试验次数是 {n} 位买主，而不是全部客户\n"
            f"中心 = (k + z²/2) / (n + z²) = {(k + Z * Z / 2) / (n + Z * Z):.4f}\n"
            f"半宽 = z / (n + z²) · sqrt(k(n-k)/n + z²/4) = "
            f"{Z / (n + Z * Z) * math.sqrt(k * (n - k) / n + Z * Z / 4):.4f}\n"
            f"Wilson：[{w.low:.4f}, {w.high:.4f}]（Clopper-Pearson：[{cp.low:.4f}, {cp.high:.4f}]）")


def _zh_1(made):
    k, n = made["data"]["k"], made["data"]["n"]
    who = "模型" if made["prompt"].startswith("The test set has") and "the model" in made["prompt"] else "另一个模型"
    return dict(
        prompt=f"测试集中有 {n} 位买主，{who}找到了其中 {k} 位。计算查全率的 95% Wilson 置信区间的上限（保留 4 位小数）。",
        mistakes=[
            ("这是 Wald 区间 p + z·sqrt(p(1-p)/n)，", "Wilson 区间的中心在 (k + z²/2)/(n + z²)，而不在 p。"),
            ("这是 Clopper-Pearson（精确）区间的上限，", "本题要的是 Wilson 的得分区间。"),
            ("这把全部 1747 位测试客户都当成了试验次数，", "查全率是买主中的比例：n 是买主人数。"),
        ],
        solve=lambda: _solve_1(k, n),
    )


translate("14.1", hint="n = 买主人数（查全率的分母）；z = 1.96；中心 (k + z²/2)/(n + z²)；半宽 z/(n + z²)·sqrt(k(n-k)/n + z²/4)。",
          variants=_zh_1, **_zh_1(e._make_14_1(0)))


def _zh_2(made):
    d = made["data"]
    tpr, fpr, pi = d["tpr"], d["fpr"], d["prevalence"]
    prec = tpr * pi / (tpr * pi + fpr * (1 - pi))
    return dict(
        prompt=f"一个模型的查全率（TPR）为 {tpr}，假正例率为 {fpr}。正例比例为 {pi} 时，它的查准率是多少（保留 4 位小数）？",
        mistakes=[
            ("这忽略了正例比例，", "TP 和 FP 分别是比率乘以正例数和反例数：TPR 乘 π，FPR 乘 1 - π。"),
            ("假正例率没有乘 1 - π，", "FP = FPR 乘以反例数，反例占客户的 1 - π。"),
        ],
        solve=lambda: (f"P = TPR·π / (TPR·π + FPR·(1 - π)) = {tpr}·{pi} / ({tpr}·{pi} + {fpr}·{1 - pi:.2f}) "
                       f"= {prec:.4f}"),
    )


translate("14.2", hint="P = TP / (TP + FP)，其中 TP = TPR·π·m，FP = FPR·(1 - π)·m。", variants=_zh_2,
          **_zh_2(e._make_14_2(0)))


def _zh_3(made):
    m, pos = made["data"]["m"], made["data"]["positives"]
    return dict(
        prompt=f"在 {m} 位测试客户中有 {pos} 位买主。对所有人都预测“不购买”的模型，精度是多少（保留 4 位小数）？",
        mistakes=[
            ("这是买主的比例，也就是它判错的客户，", "精度是判对的比例：所有非买主。"),
            ("常数预测不是抛硬币，", "它在所预测的那一类的每个样例上都是对的。"),
            (f"这是在划分之前打印的、对全部 {e._N_ALL} 位客户都不寄送时的精度，",
             f"本题只问这 {m} 位测试客户：({m} - {pos}) / {m}。"),
        ],
        solve=lambda: f"精度 = ({m} - {pos}) / {m} = {(m - pos) / m:.4f}",
    )


translate("14.3", hint="它在每一位没有购买的客户上都判对了。", variants=_zh_3, **_zh_3(e._make_14_3(0)))

translate(
    "14.4",
    choices=("不变", "变高", "变低"),
    aliases={f"AUC {w}": o for o, ws in (("unchanged", ("不变", "不会变", "不改变", "unchanged", "stays the same",
                                                        "remains the same", "does not change")),
                                         ("higher", ("更高", "变高", "higher", "goes up")),
                                         ("lower", ("更低", "变低", "lower", "goes down"))) for w in ws},
    prompt="一个用 class_weight='balanced' 在正例占 6% 的数据上训练的模型，平均预测概率为 0.43。用在留出数据上拟合的一个"
           f"递增的 sigmoid 函数对它的分数重新校准。它在同一测试集上的 ROC AUC 会……"
           f"{zh_choice_list(['不变', '变高', '变低'], e._OPTS4)}。",
    hint="AUC 取决于什么？递增函数对顺序做了什么？",
    mistakes=[
        ("重新校准改变的是概率，不是它们的顺序，", "AUC 只取决于分数的顺序，递增的变换保持顺序不变。"),
        ("概率向 6% 收缩，但顺序不变，", "AUC 数的是顺序正确的正例-反例对；递增的变换不会调换任何一对。"),
    ],
)

translate(
    "14.5",
    choices=("网格搜索最好的分数", "嵌套交叉验证", "训练集 AP"),
    prompt="在使用测试集之前，手头有三个对“先网格搜索调参、再拟合”在新客户上的 AP 的估计：网格搜索中最好配置的交叉验证分数"
           "、嵌套交叉验证的分数、训练客户上的 AP。哪一个从构造上就不偏乐观？"
           f"{zh_choice_list(['网格搜索最好的分数', '嵌套交叉验证', '训练集 AP'], e._OPTS5)}。",
    aliases={**{w: "nested CV" for w in ("嵌套CV", "嵌套", "嵌套交叉验证法", "嵌套的交叉验证")},
             **{w: "grid best" for w in ("网格搜索", "网格搜索最好分数", "网格搜索的最好分数", "最好配置的分数")},
             **{w: "training AP" for w in ("训练AP", "训练集上的AP", "训练集", "训练客户上的AP")}},
    hint="哪个估计让“选配置”这一步远离给它打分的样例？",
    mistakes=[
        ("最好的配置就是在给它打分的同一批折上选出来的，",
         "多个估计中最好的那个偏高（第 13 章）；嵌套交叉验证在没参与选择的折上给选择打分。"),
        ("模型见过这些客户，", "训练数据上的分数衡量的是记忆，而不是新客户。"),
    ],
)

translate(
    "14.6",
    prompt="用文字解释：本章为什么在开发集的折外分数上选截断点，而不在测试集上选？",
    answer="选截断点也是一种拟合：它会适应用来选它的那些样例。若在测试集上选，测试集就不再代表新客户，报告的查准率和查全率会偏乐观。"
           "折外分数来自没有见过该客户的模型，表现得像新客户的分数；测试集则保持不动，留作一次诚实的检查。",
)

#: The English texts these translations follow: a fingerprint (SHA-256, first 10 hex digits) of each
#: English field, checked by tests/test_zh_in_step.py. When an English text changes, update its Chinese
#: here, then record the new fingerprint (the test's message gives it).
FOLLOWS = {
    '14.1': {'prompt': '16280fe731', 'hint': '098daa55cb', 'mistake 1': '1a48f31149', 'mistake 2': '11a7870aef',
             'mistake 3': '4f1cbc6318', 'solve': 'ce74ad1999'},
    '14.2': {'prompt': 'ba285583e6', 'hint': 'bb26330b4c', 'mistake 1': '44674de6de', 'mistake 2': '6a5effcd3a',
             'solve': '836c4074fb'},
    '14.3': {'prompt': '6e1ee7938b', 'hint': '644214b6e0', 'mistake 1': 'dc266ccf56', 'mistake 2': '05522fce1b',
             'mistake 3': '141dc70893', 'solve': '8dc425169a'},
    '14.4': {'prompt': '3282335f5d', 'hint': 'df87bc872d', 'mistake 1': '7a2bb9178c', 'mistake 2': 'ba615af430'},
    '14.5': {'prompt': 'd30b7dd9d6', 'hint': '0220702071', 'mistake 1': '71eaa4d35a', 'mistake 2': '1aa89a7260'},
    '14.6': {'prompt': 'd4776c401a', 'answer': 'acd0b249ef', 'key_points': 'e6eb0b5419'},
}
