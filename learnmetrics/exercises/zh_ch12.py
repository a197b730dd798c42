"""Chinese texts of chapter 12's exercises (the numbers are the English ones, from ch12).

The prompts are the course's checkable parts of the book's exercises 2.1-2.10, not the
book's own statements (notebook 12 gives those)."""
from __future__ import annotations

import math

import numpy as np

import learnmetrics as lm
from learnmetrics import book
from learnmetrics.learners import MajorityClassifier

from . import ch12 as e
from ._core import translate
from ._core import zh_choice_list


def _solve_1(n_pos=e._N_POS, n_neg=e._N_NEG, train=e._TRAIN):
    s_pos, s_neg = round(train * n_pos), round(train * n_neg)
    c, plain, one, _ = e._split_counts(n_pos, n_neg, train)
    d, n = e._digits, n_pos + n_neg
    return (f"分层：训练集从 {n_pos} 个正例中取 {s_pos} 个，从 {n_neg} 个反例中取 {s_neg} 个，两者相互独立。\n"
            f"C({n_pos}, {s_pos}) 有 {d(one)} 位；划分数是 C({n_pos}, {s_pos}) × C({n_neg}, {s_neg})，"
            f"约为 {c / 10 ** (d(c) - 1):.2f}e{d(c) - 1}（log10 = {math.log10(c):.3f}），共 {d(c)} 位。\n"
            f"不分层时是 C({n}, {round(train * n)})，有 {d(plain)} 位。")


def _zh_1(made):
    dd = made["data"]
    n_pos, n_neg, train = dd["n_pos"], dd["n_neg"], dd["train_size"]
    s_pos, s_neg, n = round(train * n_pos), round(train * n_neg), n_pos + n_neg
    which = "书中习题 2.1" if made["prompt"].startswith("Book exercise 2.1:") else "书中习题 2.1（换了新的数）"
    return dict(
        prompt=f"{which}：{n} 个样例，{n_pos} 个正例、{n_neg} 个反例，用分层的留出法划分为 {round(100 * train)}% 的训练集和 "
               f"{round(100 * (1 - train))}% 的测试集。可能的划分方式的个数是几位数（十进制）？",
        mistakes=[
            (f"这是 C({n}, {round(train * n)})，即不分层时的划分数。",
             f"分层意味着从正例中取 {s_pos} 个，“并且”从反例中取 {s_neg} 个：两个组合数之积。"),
            (f"这是 C({n_pos}, {s_pos})，只算了正例。",
             f"反例的选取与正例相互独立：{'再' if (n_neg, s_neg) == (n_pos, s_pos) else ''}乘以"
             f"{'一个 ' if (n_neg, s_neg) == (n_pos, s_pos) else ' '}C({n_neg}, {s_neg})。"),
            ("这数的是有序的选取（排列）。", "训练集是一个集合：其中样例被抽出的先后顺序无关紧要。"),
        ],
        solve=lambda: _solve_1(n_pos, n_neg, train),
    )


translate("12.1", hint="先数从正例中选出训练集正例的方式数，再数反例的，然后相乘。", variants=_zh_1, **_zh_1(e._make_12_1(0)))

def _solve_2():
    lines = []
    X, y = e._X22, e._y22
    for i in (0, 99):
        train = np.delete(np.arange(100), i)
        model = MajorityClassifier().fit(X[train], y[train])
        pred = model.predict(X[[i]])[0]
        lines.append(f"留出第 {i} 个样例（类别 {y[i]}）：训练集中类别 0 有 {model.counts_[0]} 个，"
                     f"类别 1 有 {model.counts_[1]} 个 → 预测 {pred}")
    return ("留出一个样例后，它所属的类别在训练集中成了少数（49 对 50），所以学习器预测另一个类别：100 次测试全都出错。\n"
            + "\n".join(lines) + "\n"
            f"estimate_error(method='loo')：{e._loo:.4f}\n"
            f"（分层 10 折交叉验证，100 次运行的均值：{e._tenfold.estimate:.4f}：每个训练集中两类都是 45 个，一样多，学习器只能随机猜）")


translate(
    "12.2",
    prompt="书中习题 2.2：100 个样例，50 个正例、50 个反例；学习器预测训练集中样例数较多的类别（数目相同时随机猜）。"
           "留一法给出的错误率是多少？",
    hint="拿出一个样例，数一数剩下 99 个样例的类别。",
    mistakes=[
        ("这是 10 折交叉验证给出的值（约 0.5），那里每个训练集中两类样例一样多（45 对 45）。",
         "留一法中，训练集里被留出样例所属的类别有 49 个，另一类有 50 个：学习器会预测哪一类？"),
        ("学习器从不预测被留出样例的类别。", "把它拿走后，它所属的类别在训练集中是少数。"),
    ],
    solve=_solve_2,
)


def _solve_3():
    return ("不一定。F1 是在一个截断点上算的（学习器的阈值，或其排序上 F1 最好的截断点）；BEP 只由排序决定，"
            "在把 m+ 个样例预测为正例的截断点处。用固定种子搜索，能在同样 10 个样例上找到两个学习器"
            "（各自的阈值都设在 F1 最好的截断点，所以对 F1 的两种理解给出同一个数），它们在两个度量上结论相反：\n" + _ce_zh())


def _ce_zh():
    import re
    text = re.sub(r"learner (\w): F1 = ([\d.]+), BEP = ([\d.]+)", r"学习器 \1：F1 = \2，BEP = \3", str(e._ce))
    return re.sub(r"\(found after (\d+) random pairs\)", r"（随机搜索了 \1 对后找到）", text)


translate(
    "12.3",
    choices=("是", "不是"),
    prompt="书中习题 2.3：学习器 A 的 F1 比学习器 B 高。A 的 BEP 是否一定也比 B 高？回答 '是' 或 '不是'"
           "（也可以用英文作答：'yes'、'no'）。",
    aliases={"不一定": "no", "不会": "no", "未必": "no", "不一定是": "no", "一定": "yes", "会": "yes", "一定是": "yes"},
    mistakes=[("F1 和 BEP 是在不同的截断点上度量的。",
               "F1 用学习器自己的阈值；BEP 用预测为正例的个数等于正例个数的那个截断点。看看笔记本中的反例。")],
    hint="F1 和 BEP 各在哪个截断点上读取？",
    solve=_solve_3,
)

c4 = e._c4


def _solve_4(p, r, m_pos, m_neg):
    c = e._counts_12_4(p, r, m_pos, m_neg)
    return (f"TP = R m+ = {r} × {m_pos} = {c.tp}\n"
            f"FP = TP (1 - P) / P = {c.tp} × {1 - p:g} / {p} = {c.fp}\n"
            f"FPR = FP / m- = {c.fp} / {m_neg} = {c.fpr:.4f}\n"
            f"验算：P = {c.precision:.4f}，R = TPR = {c.recall:.4f}\n"
            "一般地 FPR = R (1 - P) / P × m+ / m-：只有知道两类的比例 m+/m-，P 和 R 才能确定 TPR 和 FPR。")


def _zh_4(made):
    d = made["data"]
    p, r, m_pos, m_neg = d["P"], d["R"], d["m_pos"], d["m_neg"]
    which = "书中习题 2.4" if made["prompt"].startswith("Book exercise 2.4:") else "书中习题 2.4（换了新的数）"
    return dict(
        prompt=f"{which}：一个分类器在含 m+ = {m_pos} 个正例、m- = {m_neg} 个反例的测试集上，"
               f"查准率 P = {p}，查全率 R = {r}。它的 FPR 是多少？",
        mistakes=[
            ("1 - P = FP/(TP+FP) 是预测的正例中误报所占的比例。", "FPR 用 FP 除以真实反例的个数 m-。"),
            ("1 - R = FN/m+ 是假反例率（FNR）。", "FPR 数的是反例中的误报：先由 R 求 TP，再由 P 求 FP。"),
            ("你用 FP 除以了 m+。", "假正例率是按真实反例算的：除以 m-（FP + TN）。"),
        ],
        solve=lambda: _solve_4(p, r, m_pos, m_neg),
    )


translate("12.4", hint="TP = R m+；FP = TP (1 - P) / P；FPR = FP / m-。", variants=_zh_4, **_zh_4(e._make_12_4(0)))


def _solve_5(y=e._y5, s=e._s5):
    pos, neg = s[y == 1], s[y == 0]
    wrong, ties, pairs = int(np.sum(pos[:, None] < neg[None, :])), int(np.sum(pos[:, None] == neg[None, :])), pos.size * neg.size
    return (f"{pairs} 个正例-反例对；反例分数更高的有 {wrong} 对，分数并列的 {ties} 对。\n"
            f"l_rank = ({wrong} + {ties}/2) / {pairs} = {lm.rank_loss(y, s):.4f}\n"
            f"AUC = {lm.roc_auc_score(y, s):.4f} = 1 - l_rank（式 (2.22)）")


def _zh_5(made):
    y, s = made["data"]["y_true"], made["data"]["y_score"]
    which = "书中习题 2.5（" if made["prompt"].startswith("Book exercise 2.5 (") else "书中习题 2.5（换了新的数；"
    return dict(
        prompt=f"{which}式 (2.22)，AUC = 1 - l_rank）：对 y_true = {y.tolist()} 和分数 "
               f"{s.tolist()}，计算排序损失 l_rank（分数并列记一半）。",
        mistakes=[
            ("这是 AUC，即 1 - l_rank。", "排序损失数的是排“反”了的对（反例排在正例之上）。"),
            ("你把分数并列的一对记成了完整的一对错误。", "分数并列既不算对也不算错：式 (2.21) 把它记作一半，而不是一。"),
            ("你漏掉了分数并列的一对。", "分数并列的一对在式 (2.21) 中仍然要算：记一半，而不是零。"),
        ],
        solve=lambda: _solve_5(y, s),
    )


translate("12.5", hint="在所有正例-反例对中，数出反例分数更高的对；分数并列记 1/2。", variants=_zh_5, **_zh_5(e._make_12_5(0)))


def _solve_6(fpr, tpr, p):
    err = float(lm.normalized_cost(fpr, 1 - tpr, p, 1, 1))
    return (f"E = p (1 - TPR) + (1 - p) FPR = {p} × {1 - tpr:.1f} + {1 - p:.1f} × {fpr} = {err:.4f}\n"
            f"（= 两种代价相等时的 normalized_cost：{err:.4f}；book.roc_point_error_rate："
            f"{book.roc_point_error_rate(fpr, tpr, p):.4f}）")


def _zh_6(made):
    d = made["data"]
    fpr, tpr, p = d["fpr"], d["tpr"], d["p"]
    which = "书中习题 2.6" if made["prompt"].startswith("Book exercise 2.6:") else "书中习题 2.6（换了新的数）"
    return dict(
        prompt=f"{which}：一个分类器位于 ROC 点 (FPR, TPR) = ({fpr}, {tpr})，测试集中正例占比 p = {p}。"
               "它的错误率是多少？",
        mistakes=[
            ("你对 FNR 和 FPR 取了平均，好像两类一样多。", "漏掉的正例按 p 加权，误报按 1 - p 加权。"),
            ("你用 p 给 FPR 加权、用 1 - p 给 FNR 加权：弄反了。", "FNR 是正例中的比例（权重 p），FPR 是反例中的比例（权重 1 - p）。"),
            ("你把 FNR 和 FPR 直接相加，没有加权。", "每个比率都是它所在类别中的比例：按该类别的占比 p 或 1 - p 加权。"),
            ("这只是 FPR，即反例中的错误率。", "漏掉的正例也是错误：把 p (1 - TPR) 加到 (1 - p) FPR 上。"),
        ],
        solve=lambda: _solve_6(fpr, tpr, p),
    )


translate("12.6", hint="错误 = 漏掉的正例 + 误报，除以全部样例：p (1 - TPR) + (1 - p) FPR。", variants=_zh_6,
          **_zh_6(e._make_12_6(0)))


def _solve_7(fpr=e._FPR7, tpr=e._TPR7):
    seg = lm.cost_lines([fpr], [tpr])[0]
    a, b = float(seg[0, 1]), float(seg[1, 1])
    return (f"一条代价线从 (0, FPR) 到 (1, FNR) = (1, 1 - TPR)。\n"
            f"所以 FPR = {a:g}，TPR = 1 - {b:g} = {1 - b:g}。\n"
            f"验算：cost_lines([{fpr}], [{tpr}]) = {seg.tolist()}")


def _zh_7(made):
    seg = made["data"]["segment"]
    a, b = float(seg[0, 1]), float(seg[1, 1])
    which = "书中习题 2.7" if made["prompt"].startswith("Book exercise 2.7:") else "书中习题 2.7（换了新的数）"
    return dict(
        prompt=f"{which}：在代价空间中，一个分类器的线段从 (0, {a:g}) 到 (1, {b:g})。它是哪个 ROC 点 (FPR, TPR)？",
        mistakes=[
            ("线段的右端点是 FNR = 1 - TPR，不是 TPR。", "把右端点读作所有样例都是正例时的代价：漏掉的正例，即 FNR。"),
            ("坐标轴对调了：ROC 点是 (FPR, TPR)，横坐标在前。", "横坐标是 FPR，纵坐标是 TPR。"),
            ("你把两个端点读反了。", "在 P(+)cost = 0 处只有反例产生代价：左端点是 FPR。"),
        ],
        solve=lambda: _solve_7(*made["data"]["roc_point"]),
    )


translate("12.7", hint="左端点：所有样例都是反例时的代价（FPR）；右端点：所有样例都是正例时的代价（FNR）。", variants=_zh_7,
          **_zh_7(e._make_12_7(0)))

x8, mm8, I8 = e._x8, e._mm8, e._I8


def _solve_8(x=x8, i=I8):
    mm, z = book.min_max_scale(x), book.z_score(x)
    return (f"x' = (x - x_min) / (x_max - x_min) = ({x[i]:g} - {x.min():g}) / ({x.max():g} - {x.min():g}) = {mm[i]:.4f}\n"
            f"全部值的 min-max 规范化：{np.round(mm, 4).tolist()}\n"
            f"全部值的 z-score 规范化：{np.round(z, 4).tolist()}\n"
            f"单单离群值 {x.max():g} 就决定了 min-max 的尺度：五个普通的值挤在 [0, {mm[4]:.2f}] 里。")


def _zh_8(made):
    x, i = made["data"]["x"], made["data"]["index"]
    which = "书中习题 2.8" if made["prompt"].startswith("Book exercise 2.8:") else "书中习题 2.8（换了新的数）"
    return dict(
        prompt=f"{which}：把 x = {x.astype(int).tolist()} 用 min-max 规范化到 [0, 1]（式 (2.43)）。值 {x[i]:g} 变成多少？",
        mistakes=[
            ("这是 x / x_max。", "先减去 x_min，再除以极差。"),
            ("你除以了 x_max，而不是极差 x_max - x_min。", "分母是 x_max - x_min。"),
            ("这是 z-score 规范化（式 (2.44)）。", "min-max 规范化用的是 x_min 和 x_max。"),
        ],
        solve=lambda: _solve_8(x, i),
    )


translate("12.8", hint="x' = (x - x_min) / (x_max - x_min)。", variants=_zh_8, **_zh_8(e._make_12_8(0)))

def _solve_9(n=e._N9):
    answer, *_, exact = e._answers_12_9(n)
    crit = lm.mcnemar_test_table([[0, 1], [1, 0]], alpha=e._ALPHA9).critical_value
    rows = "\n".join(f"   e10 = {b}，e01 = {n - b}：τ_χ² = ({abs(n - 2 * b)} - 1)² / {n} = {e._tau_9(n - b, b):.4f} → "
                     f"{'拒绝' if e._tau_9(n - b, b) > crit else '不拒绝'}"
                     for b in range(max(n // 2 + 1, answer - 2), answer + 1))
    return (f"1. H₀：A 与 B 性能相同；只有 {n} 个意见不一致的样例提供证据，e01 + e10 = {n}。\n"
            f"2. τ_χ² = (|e01 - e10| - 1)² / (e01 + e10)（式 (2.33)）\n"
            f"3. H₀ 下近似服从自由度为 1 的 χ² 分布\n"
            f"4. α = {e._ALPHA9} 时的临界值：{crit:.4f}（= 1.96²，正态分位数的平方）\n"
            f"5. τ_χ² > {crit:.4f} 时拒绝；从一半往上数：\n{rows}\n"
            f"最小的是 e10 = {answer}。（精确的双侧二项检验，H₀ 下 e10 ~ Binomial({n}, 1/2)，在 e10 = {exact} 时开始拒绝。）")


def _zh_9(made):
    n = made["data"]["n_disagree"]
    crit = lm.mcnemar_test_table([[0, 1], [1, 0]], alpha=e._ALPHA9).critical_value
    which = "书中习题 2.9" if made["prompt"].startswith("Book exercise 2.9 (") else "书中习题 2.9（换了新的数）"
    return dict(
        prompt=f"{which}（χ² 检验的过程，书中 2.4.3 节）中作出决定的一步：学习器 A 和 B 在同一测试集上有 {n} 个样例意见不一致："
               f"其中 e10 个 A 对 B 错，其余 e01 = {n} - e10 个反过来。在 A 领先（e10 > {n / 2:g}）的情况中，e10 最小为多少时，"
               f"McNemar 检验（式 (2.33)，含连续性校正）在 α = {e._ALPHA9} 下拒绝“A 与 B 性能相同”的假设？",
        mistakes=[
            ("你把 τ_χ² 和 1.96（正态分布双侧 5% 的分位点）作了比较。", f"τ_χ² 是一个平方：它的临界值是 χ²(1) 的 {crit:.4f} = 1.96²。"),
            ("这是不做连续性校正（那个“- 1”）的统计量首次超过临界值的地方。", "式 (2.33) 在平方之前先从 |e01 - e10| 中减去 1。"),
        ],
        solve=lambda: _solve_9(n),
    )


translate("12.9", hint="先试超过分歧数一半的第一个 e10，再试下一个：τ_χ² = (|e01 - e10| - 1)² / (e01 + e10)，与 α = 0.05 时 χ²(1) 的临界值比较。",
          variants=_zh_9, **_zh_9(e._make_12_9(0)))


def _solve_10(ranks=e._RANKS10):
    fr10 = lm.friedman_test(ranks)
    (n, k), t = ranks.shape, fr10.chi2.statistic
    return (f"平均序值 r = {np.round(fr10.average_ranks, 4).tolist()}，N = {n}，k = {k}\n"
            f"τ_χ² = 12N/(k(k+1)) × (Σ r_i² - k(k+1)²/4) = {t:.4f}\n"
            f"τ_F = (N-1) τ_χ² / (N(k-1) - τ_χ²) = {n - 1} × {t:.4f} / ({n * (k - 1)} - {t:.4f}) = "
            f"{fr10.f.statistic:.4f}\n"
            f"α = 0.05 时 F({k - 1}, {(k - 1) * (n - 1)}) 的临界值：{fr10.f.critical_value:.4f}；"
            f"χ²({k - 1}) 的临界值：{fr10.chi2.critical_value:.4f}")


def _zh_10(made):
    ranks = made["data"]["ranks"]
    n, k = ranks.shape
    first = ("这是 τ_χ²（式 (2.34)），前一步的结果。", "τ_F = (N-1) τ_χ² / (N(k-1) - τ_χ²)。")
    if made["prompt"].startswith("Book exercise 2.10:"):
        prompt = f"书中习题 2.10：书中表 2.5 给出算法 A、B、C 在四个数据集上的序值：{e._table_text(ranks)}。计算 τ_F（式 (2.35)）。"
        swap = (f"这是做了并列校正的 τ_χ² = {lm.friedman_test(ranks, tie_correction=True).chi2.statistic:.4g}"
                "（SciPy 的 friedmanchisquare，第 08 章打印过），不是 τ_F；在 τ_F 中把 N（数据集）和 k（算法）对调恰好也得到这个数。",
                "τ_F = (N-1) τ_χ² / (N(k-1) - τ_χ²)，用书中的 τ_χ²（不做并列校正），N = 4 个数据集（行），k = 3 个算法（列）。")
    else:
        prompt = (f"书中习题 2.10（换了新的数）：算法 {'、'.join('ABCD'[:k])} 在 N = {n} 个数据集上的序值"
                  f"（序值 1 = 最好，并列者取平均序值；每行一个数据集）：{e._table_text(ranks)}。计算 τ_F（式 (2.35)）。")
        swap = ("τ_χ² 对了，但在 τ_F 中你把 N 和 k 对调了，",
                f"τ_F = (N-1) τ_χ² / (N(k-1) - τ_χ²)，N = {n} 个数据集（行），k = {k} 个算法（列）。")
    return dict(prompt=prompt, mistakes=[first, swap], solve=lambda: _solve_10(ranks))


translate("12.10", hint="先由平均序值求 τ_χ²，再算 τ_F = (N-1) τ_χ² / (N(k-1) - τ_χ²)。", variants=_zh_10,
          **_zh_10(e._make_12_10(0)))

#: The English texts these translations follow: a fingerprint (SHA-256, first 10 hex digits) of each
#: English field, checked by tests/test_zh_in_step.py. When an English text changes, update its Chinese
#: here, then record the new fingerprint (the test's message gives it).
FOLLOWS = {
    '12.1': {'prompt': 'd8b3415800', 'hint': 'd8b13a85c3', 'mistake 1': '676b4bf969', 'mistake 2': 'a3ad3394b6',
             'mistake 3': '0a7edc1956', 'solve': 'a187590f94'},
    '12.2': {'prompt': '482558df2f', 'hint': '31c547a245', 'mistake 1': 'fe769b91fc', 'mistake 2': 'baa881f3b7',
             'solve': 'bcf181d2d3'},
    '12.3': {'prompt': '73edd37f2c', 'mistake 1': 'adb0353293', 'solve': 'c408b819c6'},
    '12.4': {'prompt': '5d22504e17', 'hint': '22e96af583', 'mistake 1': 'f509174655', 'mistake 2': '3fe04d89ff',
             'mistake 3': '104c1e19c9', 'solve': '719c6dade7'},
    '12.5': {'prompt': 'd79c1beb14', 'hint': '10319bdab9', 'mistake 1': '14b0f066e7', 'mistake 2': '4d58a7d74a',
             'mistake 3': '553dfcc6ad', 'solve': '3bd73c9f77'},
    '12.6': {'prompt': 'fc91071ef1', 'hint': 'ce40817d7f', 'mistake 1': '0750f95ae3', 'mistake 2': '7a25aa790d',
             'mistake 3': '6af515eb71', 'mistake 4': '89cfdc4060', 'solve': 'ecda8c6cec'},
    '12.7': {'prompt': '889b2c2d54', 'hint': '0edb9570e3', 'mistake 1': '674e5e5baf', 'mistake 2': 'e4b1b598d8',
             'mistake 3': 'c818b08a30', 'solve': '8b7be44443'},
    '12.8': {'prompt': '8013dbc8d7', 'hint': 'ae1e60ac3d', 'mistake 1': '4b94b0039b', 'mistake 2': '522015d647',
             'mistake 3': '7a08ea2b4c', 'solve': '808941a954'},
    '12.9': {'prompt': 'c5433b61e4', 'hint': '129b5f914f', 'mistake 1': '8d00638ffe', 'mistake 2': '632fbc0dd7',
             'solve': 'fe31b39bdf'},
    '12.10': {'prompt': 'd9f2dced76', 'hint': 'ccbbe6408a', 'mistake 1': 'c401d4491f', 'mistake 2': '2ab97a8604',
              'solve': '95c293fda0'},
}
