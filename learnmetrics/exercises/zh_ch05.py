"""Chinese texts of chapter 05's exercises (the numbers are the English ones, from ch05).

"cut k" (k melons predicted good) is written 截断点 k, as chapter 05's boxes define it."""
from __future__ import annotations

from .. import cost as _cost
from . import ch05 as e
from ._core import translate


def _cut(s):
    return f"k = {s.n_predicted_positive}"


def _solve_1():
    lines = []
    for name, (c01, c10) in (("改变前", e._OLD), ("改变后", e._NEW)):
        x = _cost.probability_cost(e._P1, c01, c10)
        lines.append(f"{name}：cost01:cost10 = {c01}:{c10}，x = P(+)cost = {e._P1}*{c01} / ({e._P1}*{c01} + "
                     f"{1 - e._P1:.1f}*{c10}) = {x:.4f}")
    lines.append("在新的 x 处，各截断点的归一化代价（FNR*x + FPR*(1-x)）：")
    t = e._table
    sizes = t.tp + t.fp
    ncost = _cost.normalized_cost(t.fpr, 1 - t.recall, e._P1, *e._NEW)
    for k, (size, c) in enumerate(zip(sizes, ncost)):
        mark = "   <- 最低" if k == e._s_new.index else ""
        lines.append(f"  截断点 k = {size:>2g}：FPR = {t.fpr[k]:.4f}，FNR = {1 - t.recall[k]:.4f}，代价 = {c:.4f}{mark}")
    lines.append(f"x 右移（从 {e._s_old.x:.4f} 到 {e._s_new.x:.4f}）：漏掉正例的代价更重了，所以截断点沿排序表下移，"
                 f"从 {_cut(e._s_old)} 移到 {_cut(e._s_new)}。")
    return "\n".join(lines)


translate(
    "05.1",
    prompt=f"把探索器设为 p = {e._P1}、cost01:cost10 = {e._OLD[0]}:{e._OLD[1]}（书中的例子）：最佳截断点是 {_cut(e._s_old)}"
           f"（前 {e._s_old.n_predicted_positive} 个瓜预测为好瓜）。在把代价比滑块移到 {e._NEW[0]}:{e._NEW[1]}"
           "（漏掉一个好瓜的代价是把坏瓜当好瓜卖出的十倍）之前，先预测：最佳截断点会把多少个瓜预测为好瓜？",
    hint="先算出新代价比下的 x = P(+)cost，再找出哪个截断点的线段 (0, FPR) → (1, FNR) 在这个 x 处最低。",
    mistakes=[
        ("截断点没有移动。", f"假反例变贵时 P(+)cost 从 {e._s_old.x:.2f} 移到 {e._s_new.x:.2f}，在那里最低的是另一条线段："
                          "看代价空间图在新的 x 处的情形。"),
        ("这是代价对调（1:10）时的截断点。", "cost01 是漏掉一个正例的代价：它变大时，学习器把更多的瓜判为好瓜以少漏一些，"
                                       "所以截断点沿排序表下移，而不是上移。"),
        ("把所有瓜都预测为好瓜并不是没有代价的：", "它避免了所有假反例，却要承担所有假正例；它的线段从 (0, 1) 到 (1, 0)，"
                                          "在这个 x 处，排序表中更靠上的截断点代价更低。"),
    ],
    solve=_solve_1,
)


def _solve_2(tp, fn, fp, tn, c01, c10):
    m = tp + fn + fp + tn
    total = fn * c01 + fp * c10
    return (f"计数：TP = {tp}，FN = {fn}，FP = {fp}，TN = {tn}，m = {m}\n"
            f"每个 FN（漏掉的正例）付出 cost01 = {c01}，每个 FP（误报）付出 cost10 = {c10}\n"
            f"E = (FN*cost01 + FP*cost10) / m = ({fn}*{c01} + {fp}*{c10}) / {m} = {total:g} / {m} "
            f"= {total / m:.4f}\n"
            f"（lm.cost_sensitive_error(y_true, y_pred, [[0, {c01}], [{c10}, 0]], labels=[1, 0]) = {total / m:.4f}）")


def _zh_2(made):
    d = made["data"]
    tp, fn, fp, tn = d["tp"], d["fn"], d["fp"], d["tn"]
    c01, c10 = d["cost_matrix"][0][1], d["cost_matrix"][1][0]
    m = tp + fn + fp + tn
    return dict(
        prompt=f"一个分类器在 m = {m} 个样例上的混淆矩阵：TP = {tp}，FN = {fn}，FP = {fp}，TN = {tn}。"
               f"书中的代价矩阵（第 0 行为正类）中 cost01 = {c01}，cost10 = {c10}。它的代价敏感错误率 E(f; D; cost) 是多少？",
        mistakes=[
            ("两个代价对调了：每个 FN 按 cost10 计，每个 FP 按 cost01 计。",
             "cost01 是把第 0 类（正类）预测成第 1 类的代价：漏掉一个正例，即 FN。"
             "把第 0 行当作反类（按 0/1 排序的混淆矩阵就是这样）就会把它们对调。"),
            ("这是总代价，不是错误率。", f"除以样例数 m = {m}：E 是每个样例的平均代价。"),
            ("这是普通的错误率（每次犯错代价都是 1）。", "每次犯错按它的代价加权：FN*cost01 + FP*cost10，再除以 m。"),
        ],
        solve=lambda: _solve_2(tp, fn, fp, tn, c01, c10),
    )


translate("05.2", hint="E = (FN*cost01 + FP*cost10) / m：只有犯错才付代价，各按各的代价。", variants=_zh_2,
          **_zh_2(e._make_05_2(0)))


def _solve_3(p, c01, c10):
    x = _cost.probability_cost(p, c01, c10)
    num, neg = p * c01, (1 - p) * c10
    return (f"P(+)cost = p*cost01 / (p*cost01 + (1-p)*cost10)\n"
            f"         = {p}*{c01} / ({p}*{c01} + {1 - p}*{c10}) = {num:g} / ({num:g} + {neg:g}) "
            f"= {x:.4f}\n"
            f"（lm.probability_cost({p}, {c01}, {c10}) = {x:.4f}；若两种代价相等，它就是 p = {p}）")


_TIMES = {2: "两", 3: "三", 4: "四", 5: "五", 6: "六", 8: "八", 10: "十"}


def _zh_3(made):
    d = made["data"]
    p, c01, c10 = d["p"], d["cost01"], d["cost10"]
    share = f"四分之一的样例是正例（p = {p}）" if made["prompt"].startswith("A quarter") else f"正例占样例的比例为 p = {p}"
    return dict(
        prompt=f"{share}，漏掉一个正例的代价是一次误报的 {c01} 倍（cost01 = {c01}，"
               f"cost10 = {c10}）。正例概率代价 P(+)cost，即代价曲线的横轴，是多少？",
        mistakes=[
            ("两个代价对调了：p 被乘上了 cost10。", "正例的比例要乘以漏掉一个正例的代价 cost01（FN）；反例的比例乘以 cost10（FP）。"),
            ("这就是 p 本身：代价被漏掉了。", f"只有两种代价相等时 P(+)cost 才等于 p；这里一个正例的分量是{_TIMES[c01]}倍。"),
            ("这是反例一侧的份额 1 - P(+)cost。", "P(+)cost 的分子是正例一侧的 p*cost01。"),
        ],
        solve=lambda: _solve_3(p, c01, c10),
    )


translate("05.3", hint="P(+)cost = p*cost01 / (p*cost01 + (1-p)*cost10)。", variants=_zh_3, **_zh_3(e._make_05_3(0)))


def _solve_4(fpr=e._FPR_S, tpr=e._TPR_S):
    (x0, y0), (x1, y1) = e._segment(fpr, tpr)
    return (f"在 x = 0 处只有反例起作用：代价是 FPR = {y0:.4f}\n"
            f"在 x = 1 处只有正例起作用：代价是 FNR = 1 - TPR = 1 - {tpr} = {y1:.4f}\n"
            f"线段：({x0:g}, {y0:.4f}) → ({x1:g}, {y1:.4f})（lm.cost_lines([{fpr}], [{tpr}])）")


def _zh_4(made):
    fpr, tpr = made["data"]["fpr"], made["data"]["tpr"]
    return dict(
        prompt=f"一个截断点的 ROC 点是 (FPR, TPR) = ({fpr}, {tpr})。在代价空间中，它是一条从 x = 0 到 x = 1 的线段。"
               "以 [(0, y0), (1, y1)] 的形式给出它的两个端点。",
        mistakes=[
            ("两个端点对调了：x = 0 处是 FNR，x = 1 处是 FPR。",
             "在 x = P(+)cost = 0 处，正例上没有任何代价，只有误报付代价：线段从 (0, FPR) 开始，到 (1, FNR) 结束。"),
            ("在该用 FNR 的地方用了 TPR。", "代价数的是被漏掉的正例：右端点是 FNR = 1 - TPR。"),
            ("ROC 点被读成了 (TPR, FPR)。", "ROC 点是 (FPR, TPR)：横轴 FPR，纵轴 TPR（笔记 000 写反了）。"),
        ],
        solve=lambda: _solve_4(fpr, tpr),
    )


translate("05.4", hint="ROC 点对应的线段从 (0, FPR) 到 (1, FNR)，FNR = 1 - TPR（笔记 000 也是这样画的）。", variants=_zh_4,
          **_zh_4(e._make_05_4(0)))


def _solve_5(fpr, tpr, p, c01, c10):
    fnr = 1 - tpr
    x4 = _cost.probability_cost(p, c01, c10)
    n4 = _cost.normalized_cost(fpr, fnr, p, c01, c10)
    return (f"第 1 步：x = P(+)cost = {p}*{c01} / ({p}*{c01} + {1 - p:.1f}*{c10}) = {x4:.4f}\n"
            f"第 2 步：FNR = 1 - TPR = 1 - {tpr} = {fnr:.4f}\n"
            f"第 3 步：cost_norm = FNR*x + FPR*(1-x) = {fnr:.4f}*{x4:.4f} + {fpr}*{1 - x4:.4f} = {n4:.4f}\n"
            f"（从 (0, FPR) = (0, {fpr}) 到 (1, FNR) = (1, {fnr:.4f}) 的线段，在 x = {x4:.4f} 处读数；\n"
            f" lm.normalized_cost(fpr={fpr}, fnr={fnr:.4f}, p={p}, cost01={c01}, cost10={c10}) = {n4:.4f}）")


def _zh_5(made):
    d = made["data"]
    fpr, tpr, p, c01, c10 = d["fpr"], d["tpr"], d["p"], d["cost01"], d["cost10"]
    x4 = _cost.probability_cost(p, c01, c10)
    return dict(
        prompt=f"一个截断点的 ROC 点是 (FPR, TPR) = ({fpr}, {tpr})。正例概率 p = {p}，cost01:cost10 = "
               f"{c01}:{c10}。它的归一化代价（它的线段在代价空间中 x = P(+)cost 处的高度）是多少？",
        mistakes=[
            ("在该用 FNR 的地方用了 TPR。", "代价数的是被漏掉的正例：FNR = 1 - TPR。"),
            ("FPR 和 FNR 对调了：线段画成了从 (0, FNR) 到 (1, FPR)。", "在 x = 0 处只有反例起作用，所以线段从 (0, FPR) 开始，到 (1, FNR) 结束。"),
            ("把 p 当作了横坐标。", f"应在 x = P(+)cost = {x4:.4f} 处读线段，它已经计入了代价；只有代价相等时 x 才等于 p。"),
            ("ROC 点被读成了 (TPR, FPR)。", "ROC 点是 (FPR, TPR)：横轴 FPR，纵轴 TPR（笔记 000 写反了）。"),
        ],
        solve=lambda: _solve_5(fpr, tpr, p, c01, c10),
    )


translate("05.5", hint="cost_norm = FNR*x + FPR*(1-x)，其中 x = P(+)cost，FNR = 1 - TPR。", variants=_zh_5,
          **_zh_5(e._make_05_5(0)))


def _solve_6():
    return (f"罕见病的 P(+)cost：0.01*99 / (0.01*99 + 0.99*1) = {e._x_rare:.4f}\n"
            f"均衡问题的 P(+)cost：0.5*1 / (0.5*1 + 0.5*1) = {e._x_even:.4f}")


translate(
    "05.6",
    prompt="一种罕见病（p = 0.01），一个假反例（漏诊一例）的代价是一个假正例（误报一例）的 99 倍；一个均衡问题（p = 0.5），两种代价相等。"
           "用文字解释：为什么同一个分类器在这两种情形下的归一化代价相同，因而最佳截断点也相同？",
    answer="正例概率和代价只通过一个数进入归一化代价：x = P(+)cost = p*cost01 / (p*cost01 + (1-p)*cost10)。"
           "这里两种情形都给出 x = 0.5：正例的稀少恰好被它的高代价抵消。一个截断点的归一化代价是 FNR*x + FPR*(1-x)，"
           "它不依赖别的任何东西，所以每个截断点在两种情形下代价都相同，最便宜的截断点也是同一个。"
           "（以金额计的期望代价不同：归一化代价把它除以了它可能的最大值 p*cost01 + (1-p)*cost10。）",
    solve=_solve_6,
)

#: The English texts these translations follow: a fingerprint (SHA-256, first 10 hex digits) of each
#: English field, checked by tests/test_zh_in_step.py. When an English text changes, update its Chinese
#: here, then record the new fingerprint (the test's message gives it).
FOLLOWS = {
    '05.1': {'prompt': 'e2bea32be9', 'hint': '5bd0a7c599', 'mistake 1': 'b94fe3308b', 'mistake 2': '7a88d5e91b',
             'mistake 3': '4dbcf25ee0', 'solve': '11fd3e83c3'},
    '05.2': {'prompt': '33249abf0f', 'hint': '49d18e846c', 'mistake 1': '625521f57d', 'mistake 2': '4f319a572d',
             'mistake 3': 'a0710aa1ed', 'solve': 'd0491621d7'},
    '05.3': {'prompt': 'd6daf36c79', 'hint': '421eb433e4', 'mistake 1': '07da494f2c', 'mistake 2': '44a47a3997',
             'mistake 3': '56ea733c0c', 'solve': 'f5954dfaaa'},
    '05.4': {'prompt': '1f9d1290b2', 'hint': '0c79285292', 'mistake 1': 'b6a806eb57', 'mistake 2': '9d7127c103',
             'mistake 3': '5051364947', 'solve': 'd1c4f75e50'},
    '05.5': {'prompt': '37fdf432e7', 'hint': '8612751670', 'mistake 1': '4f58b2a3fe', 'mistake 2': 'a37f5bdef4',
             'mistake 3': 'b39710945e', 'mistake 4': '5051364947', 'solve': 'a7459268a2'},
    '05.6': {'prompt': '01e7dd3451', 'solve': 'f0a1c14ead', 'answer': 'd55e99fe7f', 'key_points': '073104793b'},
}
