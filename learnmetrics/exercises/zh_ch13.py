"""Chinese texts of chapter 13's exercises (the numbers are the English ones, from ch13)."""
from __future__ import annotations

import math

from . import ch13 as e
from ._core import EXERCISES, translate
from ._core import zh_choice_list

Y1, S1, KS, F1, T1, TH1 = e._Y1, e._S1, e._KS1, e._F1, e._T1, e._TH1
B5, C5, PV5 = e._B5, e._C5, e._PV5


def _solve_1(y=Y1, s=S1):
    f, t, th = e.C.roc_curve(y, s, drop_intermediate=False)
    ks = e.OP.ks_statistic(y, s)
    rows = [f"t = {c:.2f}：TPR = {e._tenths(tp)}，FPR = {e._tenths(fp)}，TPR - FPR = {e._tenths(tp - fp, '+')}"
            for c, tp, fp in zip(th[1:], t[1:], f[1:])]
    return ("\n".join(rows) + f"\nKS = 最大的 |TPR - FPR| = {ks.statistic:.3f}，在 t = {ks.threshold:g} 处\n"
            f"（lm.ks_statistic 给出 KS = {ks.statistic:.4f}，阈值 {ks.threshold:g}（TPR = {ks.tpr:.4f}，FPR = {ks.fpr:.4f}））")


def _zh_1(made):
    y, s = made["data"]["y_true"], made["data"]["y_score"]
    return dict(
        prompt=f"标记 {y.tolist()}（1 = 正例），分数 {s.tolist()}。计算这个打分器的 KS 统计量，即在所有阈值上 |TPR - FPR| 的最大值"
               "（保留 3 位小数）。",
        mistakes=[
            ("这只是阈值 0.5 处的 TPR - FPR，", "KS 统计量是所有阈值上最大的差距：把每个分数都试作阈值。"),
            ("这是各阈值上最好的精度，", "KS 比较的是两个比率 TPR - FPR，而不是预测正确的比例。"),
        ],
        solve=lambda: _solve_1(y, s),
    )


translate("13.1", hint="沿排序表往下走：每过一个样例，TPR = 其上的正例数 / 正例总数，FPR = 其上的反例数 / 反例总数。",
          variants=_zh_1, **_zh_1(e._make_13_1(0)))

K2, N2, W2, CP2, P2, WALD2 = e._K2, e._N2, e._W2, e._CP2, e._P2, e._WALD2


def _solve_2(k, n):
    z = 1.959963984540054
    p, w, cp, wald = e._wilson_parts(k, n)
    return (f"p = {k}/{n} = {p:.2f}，z = {z:.4f}\n"
            f"中心 = (k + z²/2) / (n + z²) = {(k + z * z / 2) / (n + z * z):.4f}\n"
            f"半宽 = z / (n + z²) · sqrt(k(n-k)/n + z²/4) = {z / (n + z * z) * math.sqrt(k * (n - k) / n + z * z / 4):.4f}\n"
            f"Wilson：[{w.low:.4f}, {w.high:.4f}]；Clopper-Pearson：[{cp.low:.4f}, {cp.high:.4f}]；"
            f"Wald p ± z·sqrt(p(1-p)/n)：[{wald:.4f}, {p + (p - wald):.4f}]")


def _zh_2(made):
    k, n = made["data"]["k"], made["data"]["n"]
    _, w, _, wald = e._wilson_parts(k, n)
    low = w.low
    return dict(
        prompt=f"一个分类器在 {n} 个测试样例中判对了 {k} 个。计算它的精度的 95% Wilson 置信区间的下限（保留 3 位小数）。",
        mistakes=[
            ("这是 Wald 区间 p - z·sqrt(p(1-p)/n)，",
             "Wilson 区间的中心在 (k + z²/2)/(n + z²)，从 p 向 1/2 拉近，所以这里它的下限"
             f"{'比 Wald 的更低' if low < wald else '没有 Wald 的低'}。"),
            ("这是 Clopper-Pearson（精确）区间的下限，", "它更宽（更保守）；本题要的是 Wilson 的得分区间。"),
        ],
        solve=lambda: _solve_2(k, n),
    )


translate("13.2", hint="z = 1.96；中心 (k + z²/2)/(n + z²)；半宽 z/(n + z²)·sqrt(k(n-k)/n + z²/4)。", variants=_zh_2,
          **_zh_2(e._make_13_2(0)))

Y3, OP3, P3, R3, T3 = e._Y3, e._OP3, e._P3, e._R3, e._T3


def _solve_3(y=Y3):
    p, r, t = e.C.precision_recall_curve(y, e._S3)
    op = e.OP.precision_at_recall(y, e._S3, min_recall=2 / 3)
    rows = [f"t = {c:.3f}：P = {pp:.4f}，R = {rr:.4f}" + ("（R >= 2/3）" if rr >= 2 / 3 else "")
            for pp, rr, c in zip(p[:-1][::-1], r[:-1][::-1], t[::-1])]
    return "\n".join(rows) + (f"\nR >= 2/3 的各行中最大的 P：P = {op.precision:.4f}，R = {op.recall:.4f}，"
                              f"阈值 {op.threshold:.4g}")


def _zh_3(made):
    y = made["data"]["y_true"]
    return dict(
        prompt=f"标记 {y.tolist()}（1 = 正例），分数按此顺序从 1 降到 1/12。在查全率至少为 2/3 的阈值中，最高的查准率是多少"
               "（保留 4 位小数）？",
        mistakes=[("这个查准率只在查全率低于 2/3 时才能达到，", "只保留查全率达到下限的阈值，再取其中最好的查准率。"),
                  ("这是把所有样例都预测为正例（查全率为 1）时的查准率，",
                   "下限要求查全率至少为 2/3，而不是 1：在所有达到下限的截断点中取最好的查准率。")],
        solve=lambda: _solve_3(y),
    )


translate("13.3", hint="沿排序表逐个截断点列出 P 和 R；保留 R >= 2/3 的行。", variants=_zh_3, **_zh_3(e._make_13_3(0)))

def _solve_4():
    st = e._leak()
    out = "、".join(f"{v:.2f}" for v in st.outside)
    ins = "、".join(f"{v:.2f}" for v in st.inside)
    return "\n".join([
        f"标记与特征毫无关系，所以在新样例上任何学习器都只有一半左右猜对：真实精度是 {st.truth:g}。",
        "在全部 100 个样例上挑选 20 个特征，等于让测试折也参与了挑选：2,000 个噪声特征里最好的 20 个，碰巧在这批样例上"
        "与这组标记对得上；交叉验证随后又在参与挑选的样例上测试。",
        f"课程的模拟（learnmetrics.practice.leakage_study，5 个这样的数据集）：在全部数据上挑选特征，交叉验证精度为 {out}"
        f"（平均 {st.outside.mean():.2f}）；",
        f"在每个训练折内部挑选，精度为 {ins}（平均 {st.inside.mean():.2f}），落在真实值附近。",
        "所以 0.86 来自泄漏，而不是模型：在新样例上它只有一半左右猜对。",
    ])


def _solve_5(b=B5, c=C5):
    return "\n".join([
        f"真实的标记也算一种排列：在 H₀ 下（特征与标记无关），它和 {b} 次置换中的任何一次一样可能得分最高。",
        f"得分至少一样高的：真实标记本身和 {c} 次置换，共 1 + {c} 种，总共 1 + {b} 种排列。",
        f"p = (1 + C) / (1 + B) = (1 + {c}) / (1 + {b}) = {1 + c}/{1 + b} = {(1 + c) / (1 + b):.4f}",
        f"不加 1 时，C / B = {c / b:.4f} 可能为 0，而 {b} 次置换支持不了这样的 p 值；它能报告的最小 p 值是 "
        f"1/(1 + B) = {1 / (1 + b):.4f}。",
    ])


_OPT = {"about 0.86": "约 0.86", "about 0.68": "约 0.68", "about 0.5": "约 0.5"}
translate(
    "13.4",
    choices=tuple(_OPT[o] for o in e._OPTS4),
    aliases={**{w: "about 0.5" for w in ("大约0.5", "0.5左右", "约0.50", "约一半", "一半", "大约一半", "约50%", "随机猜测的水平")},
             **{w: "about 0.86" for w in ("大约0.86", "0.86左右", "约86%")},
             **{w: "about 0.68" for w in ("大约0.68", "0.68左右", "约68%")},
             **{f"{w}{n}": o for w in ("接近", "about ", "约") for n, o in (("0.5", "about 0.5"), ("0.50", "about 0.5"),
                                                                           ("0.86", "about 0.86"), ("0.860", "about 0.86"),
                                                                           ("0.68", "about 0.68"), ("0.680", "about 0.68"))}},
    prompt="标记是随机的（两类各占一半），与特征无关；在全部 100 个样例上从 2,000 个噪声特征中选出与标记关联最强的 20 个，然后 5 折交叉验证报告精度为 "
           f"0.86。在新样例上的精度是……{zh_choice_list([_OPT[o] for o in e._OPTS4], e._OPTS4)}。",
    hint="标记随机且与特征无关时，任何学习器能做到多好？",
    mistakes=[
        ("这就是泄漏后的估计本身，", "测试折参与了特征的选择：这个估计说的不是新样例。"),
        ("取个折中并不能消除泄漏，", "标记随机时，没有哪个学习器在新样例上能超过 0.5。"),
    ],
    solve=lambda: _solve_4(),
)

def _zh_5(made):
    b, c = made["data"]["n_permutations"], made["data"]["as_high"]
    return dict(
        prompt=f"把一个交叉验证得到的精度，与在 {b} 次标记置换上做同样交叉验证的结果比较；其中 {c} 次的得分至少一样高。"
               "置换检验报告的 p 值是多少（保留 4 位小数）？",
        mistakes=[
            ("这漏掉了实际观测到的那一种标记本身，", "把真实标记也算作一次置换：(1 + C) / (1 + B)。"),
            ("只有分子加了 1，", "真实标记在分母中也多算一次置换：(1 + C) / (1 + B)。"),
        ],
        solve=lambda: _solve_5(b, c),
    )


translate("13.5", hint="p = (1 + C) / (1 + B)，C 是得分至少一样高的置换次数，B 是置换总次数。", variants=_zh_5,
          **_zh_5(e._make_13_5(0)))

translate(
    "13.6",
    prompt="用文字解释：一个数据集含 30 位病人、每人 6 张扫描图。为什么随机的 k 折交叉验证会高估在新病人上的精度？"
           "分组 k 折交叉验证改变了什么？",
    answer="随机 k 折会把同一位病人的扫描图同时放进训练折和测试折，于是模型是在已经见过的病人上测试的，"
           "它可以认出病人而不是认出疾病。分组 k 折把一位病人的全部扫描图放在同一折里，所以每位测试病人都是新的，"
           "和实际使用时一样。这样估计回答的才是所问的问题：在新病人上的精度。",
)

#: The English texts these translations follow: a fingerprint (SHA-256, first 10 hex digits) of each
#: English field, checked by tests/test_zh_in_step.py. When an English text changes, update its Chinese
#: here, then record the new fingerprint (the test's message gives it).
FOLLOWS = {
    '13.1': {'prompt': '67d4ceedda', 'hint': 'c2a1f5785e', 'mistake 1': '23768839cb', 'mistake 2': 'abc9823716',
             'solve': '675579711e'},
    '13.2': {'prompt': 'e7053e74ae', 'hint': 'c2ef4dae11', 'mistake 1': '4b2ece2024', 'mistake 2': '3a0fd33e73',
             'solve': '8d22b2c703'},
    '13.3': {'prompt': '3c7028c775', 'hint': '20af7bd0b2', 'mistake 1': 'ecacddac30', 'mistake 2': '2f01bb7c27',
             'solve': 'd3bf15e417'},
    '13.4': {'prompt': 'ca3f7d05cf', 'hint': '33864b3e14', 'mistake 1': '2994b15dd3', 'mistake 2': '95215a03f8', 'solve': '0b9e5a2a1b'},
    '13.5': {'prompt': '1b02c21a7c', 'hint': 'a1da66c8d7', 'mistake 1': '90da5a17ad', 'mistake 2': '588f2d35a5',
             'solve': 'ad31bce3a9'},
    '13.6': {'prompt': '196162e9ad', 'answer': 'f7cadcbb0e', 'key_points': 'dd58d4759c'},
}
