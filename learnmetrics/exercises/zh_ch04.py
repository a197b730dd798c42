"""Chinese texts of chapter 04's exercises (the numbers are the English ones, from ch04)."""
from __future__ import annotations

import numpy as np

from ..curves import roc_auc_score
from . import ch04 as e
from ._core import translate


def _list(y, s):
    return "，".join(f"{v:.2f} ({'+' if t == 1 else '−'})" for t, v in zip(y, s))


Y6, S6, T6, P6, N6, M6 = e._Y6, e._S6, e._T6, e._P6, e._N6, e._M6


def _solve_1(y, s):
    t = e.stepping_table(y, s)
    p, n = int(t.n_pos), int(t.n_neg)
    lines = [f"m+ = {p}（一个正例向上走 1/{p}），m− = {n}（一个反例向右走 1/{n}）；从 (0, 0) 出发。"]
    for k in range(1, len(t)):
        move = "向上" if y[k - 1] == 1 else "向右"
        lines.append(f"{s[k - 1]:.2f} ({'+' if y[k - 1] == 1 else '−'}) → {move}：TP = {t.tp[k]:g}，"
                     f"FP = {t.fp[k]:g} → (FPR, TPR) = ({t.fpr[k]:.3f}, {t.tpr[k]:.3f})")
    return "\n".join(lines)


def _zh_1(made):
    y, s = made["data"]["y_true"], made["data"]["y_score"]
    t = e.stepping_table(y, s)
    p, n = int(t.n_pos), int(t.n_neg)
    return dict(
        prompt=f"六个样例按分数排序（括号内为标记）：{_list(y, s)}。列出每个截断点的 ROC 点 (FPR, TPR)："
               "共七个点，从 (0, 0)（什么都不预测为正例）到 (1, 1)。",
        mistakes=[
            ("坐标轴反了：这些是 (TPR, FPR) 点。", "ROC 点是 (FPR, TPR)：FPR 是横轴（笔记 000 和 001 把它弄反了）。"),
            ("你的比率除以了全部 m 个样例。",
             f"TPR 用 TP 除以正例数（m+ = {p}），FPR 用 FP 除以反例数（m− = {n}）；这样最后一个点才是 (1, 1)。"),
            ("你的分母对调了（TP/m−，FP/m+）。", "TPR 是正例中的比例 TP/m+；FPR 是反例中的比例 FP/m−。"),
        ],
        solve=lambda: _solve_1(y, s),
    )


translate("04.1", hint="在每个截断点数出它以上的 TP 和 FP；TPR = TP/m+，FPR = FP/m−；一个点是 (FPR, TPR)。", variants=_zh_1,
          **_zh_1(e._make_04_1(0)))

YT, ST, TT = e._YT, e._ST, e._TT


def _solve_2(y, s):
    pos, neg, right, tied, wrong, pairs = e._pair_counts(y, s)
    lines = [f"{pos.size} 个正例 × {neg.size} 个反例 = {pairs} 个（正例，反例）对。"]
    for p in pos:
        above, tie = int(np.sum(p > neg)), int(np.sum(p == neg))
        lines.append(f"正例 {p:.2f}：分数高于 {above} 个反例" + (f"，与 {tie} 个并列" if tie else ""))
    lines.append(f"顺序正确 {right} 对，并列 {tied} 对（每对记 1/2），顺序错误 {wrong} 对")
    lines.append(f"AUC = ({right} + {tied}/2) / {pairs} = {roc_auc_score(y, s):.4f}（= roc_auc_score）")
    return "\n".join(lines)


def _zh_2(made):
    y, s = made["data"]["y_true"], made["data"]["y_score"]
    return dict(
        prompt=f"六个样例按分数排序：{_list(y, s)}。数（正例，反例）对来计算 AUC：顺序正确的一对记 1，并列记 1/2。",
        mistakes=[
            ("你数的是顺序错误的对（反例排在正例之上）。", "这个比例是排序损失 ℓ_rank = 1 − AUC；AUC 数的是正例排在上面的对。"),
            ("你把并列记成了 0。", "并列的一对，任何阈值都分不开它们：记 1/2（曲线上的斜步）。"),
            ("你把并列记成了 1。", "并列不是顺序正确的一对：记 1/2，即它在曲线下那个小方格的一半。"),
        ],
        solve=lambda: _solve_2(y, s),
    )


translate("04.2", hint="对每个正例，数出分数比它低的反例（并列记 1/2）；再除以 m+ × m−。", variants=_zh_2,
          **_zh_2(e._make_04_2(0)))


def _solve_3(y, s):
    t, p, n, _, wrong, loss, up = e._loss_parts(y, s)
    lines = [f"对每个正例，数出排在它之上的反例（它向上那一步的横坐标乘以 m− = {n}）："]
    for k in up:
        lines.append(f"正例 {s[k - 1]:.2f}：有 {t.fp[k]:g} 个反例排在它之上")
    lines.append(f"m+ × m− = {p} × {n} = {p * n} 对中有 {wrong} 对顺序错误：ℓ_rank = {loss:.4f}"
                 f"（AUC = 1 − ℓ_rank = {1 - loss:.4f}）")
    return "\n".join(lines)


def _zh_3(made):
    y, s = made["data"]["y_true"], made["data"]["y_score"]
    _, p, n, m, _, _, _ = e._loss_parts(y, s)
    which = "练习 04.1 的六个样例" if made["prompt"].startswith("The six examples of exercise 04.1") else \
        "六个样例按分数排序（括号内为标记）"
    return dict(
        prompt=f"{which}：{_list(y, s)}。它们的排序损失 ℓ_rank（书中式 (2.21)）是多少？",
        mistakes=[
            ("这是 AUC，即顺序正确的对所占比例。", "ℓ_rank 数的是顺序错误的对：ℓ_rank = 1 − AUC。"),
            (f"你除以了全部 {m * (m - 1) // 2} 对样例。", f"只有（正例，反例）对才算：共 m+ × m− = {p * n} 对。"),
            ("你把向上各步的横坐标加了起来，却没有除。", f"每个正例那一行小方格高 1/m+：把这个和除以 m+ = {p}。"),
        ],
        solve=lambda: _solve_3(y, s),
    )


translate("04.3", hint="数出反例分数更高的（正例，反例）对；再除以 m+ × m−。", variants=_zh_3, **_zh_3(e._make_04_3(0)))

def _solve_4(y=YT, s=ST):
    t = e.stepping_table(y, s)
    k = e._tie_cut(t)
    bf, af = t.at(k - 1), t.at(k)
    return "\n".join([
        f"截断点 {k - 1} 处：TP = {bf.tp:g}，FP = {bf.fp:g} → (FPR, TPR) = ({bf.fpr:.3f}, {bf.tpr:.3f})。",
        f"截断点 {k} 同时纳入分数为 {t.thresholds[k]:.2f} 的两个样例，一个正例、一个反例（没有阈值能把它们分开）：",
        f"TP = {af.tp:g}，FP = {af.fp:g} → ({af.fp:g}/{t.n_neg:g}, {af.tp:g}/{t.n_pos:g}) = "
        f"({af.fpr:.3f}, {af.tpr:.3f})：一步斜走，同时向上和向右。",
    ])


def _zh_4(made):
    y, s = made["data"]["y_true"], made["data"]["y_score"]
    t = e.stepping_table(y, s)
    k = e._tie_cut(t)
    bf, tie = t.at(k - 1), t.thresholds[k]
    if y is YT:
        prompt = (f"下面的探索器沿练习 04.2 的排序表（{_list(y, s)}）行走，停在截断点 {k - 1}，"
                  f"即 (FPR, TPR) = ({bf.fpr:.3f}, {bf.tpr:.3f})。在把滑块移到截断点 {k} 之前（探索器只画出已经走过的路径）："
                  "ROC 点会在哪里？给出 (FPR, TPR)。")
    else:
        prompt = (f"六个样例按分数排序（括号里是标记）：{_list(y, s)}。沿排序表每次降一个分数往下走，你停在截断点 {k - 1}，"
                  f"即 (FPR, TPR) = ({bf.fpr:.3f}, {bf.tpr:.3f})。下一个截断点 {k} 把阈值降到 {tie:.2f}："
                  "ROC 点会在哪里？给出 (FPR, TPR)。")
    return dict(
        prompt=prompt,
        mistakes=[
            ("这是 (TPR, FPR)：坐标轴反了。", "ROC 点是 (FPR, TPR)，FPR 在横轴上。"),
            ("你竖直向上走了一步，好像只有正例越过了截断点。",
             f"分数为 {tie:.2f} 的正例和反例并列：它们一起越过截断点，所以 FP 也增加。"),
            ("你水平向右走了一步，好像只有反例越过了截断点。", "并列的这一组也纳入了正例：TP 在同一步里增加（斜着走）。"),
        ],
        solve=lambda: _solve_4(y, s),
    )


translate("04.4", hint="哪些样例一起越过截断点？把它们加到 TP 和 FP 上，再算 TPR = TP/m+，FPR = FP/m−。", variants=_zh_4,
          **_zh_4(e._make_04_4(0)))


def _solve_5():
    a3 = e._aucs3
    return "\n".join([
        *[f"类 {c} 对其余：AUC = auc(fpr, tpr) = {a:.4f}" for c, a in enumerate(a3)],
        f"宏 AUC = 简单平均 = ({' + '.join(f'{a:.4f}' for a in a3)}) / 3 = {np.mean(a3):.4f}",
        f"roc_auc_score(y3, P3, multi_class='ovr', average='macro') = {e._macro:.4f}",
        f"（笔记 004 用 np.interp 平均得到的曲线面积为 {e._interp:.4f}：它切掉了台阶的拐角。）",
    ])


translate(
    "04.5",
    prompt="取第 9 节的三个类别（y3, P3）。自己计算宏平均的“一对其余”AUC：每个类别的曲线 lm.roc_curve(y3 == c, P3[:, c]) "
           "及其面积 lm.auc，再求平均（不用 roc_auc_score）。保留 4 位小数。",
    hint="每个类别一个 AUC（该类为正例，其余两类为反例），再对这三个数求简单平均。",
    mistakes=[
        ("这是用 np.interp 平均得到的曲线的面积（笔记 004 的方法）"
         + (f"，也是微平均 AUC（{e._micro:.4f}）：宏平均指三个类别 AUC 的简单平均。"
            if round(e._interp, 4) == round(e._micro, 4) else "。"),
         "np.interp 在每个 FPR 处只保留一个高度，所以切掉了曲线竖直台阶的拐角、多算了面积（第 9 节）；"
         "应当对三个 AUC 求平均。（这里它与微平均 AUC 在 4 位小数上也相同，只是巧合。）"),
        (f"这是按类别大小（{', '.join(map(str, e._sizes))}）加权的平均。", "宏平均给每个类别相同的权重：三个 AUC 的简单平均。"),
        ("这是“一对一”的宏 AUC（Hand & Till）。", "“一对其余”：每个类别对其余两类合在一起，以 P3 的第 c 列为分数。"),
        ("这是按类别大小加权的“一对一”AUC，上面和其他平均方式一起打印过。",
         "本题要的是“一对其余”和简单（宏）平均：每个类别对其余两类，再对三个 AUC 求平均。"),
    ],
    solve=_solve_5,
)

translate(
    "04.6",
    prompt="第 6 节中把每个坏瓜都算十次，ROC 曲线和 AUC 不变，而查准率和 AP 下降了。从每个比率除以什么的角度解释原因。",
    answer="TPR = TP/m+ 和 FPR = FP/m− 各自只在一个类别内计算。把每个反例算十次，在每个截断点上 FP 和 m− 都乘以十，"
           "所以 FPR 不变，而 TP 和 m+ 根本不变：每个 ROC 点、从而 AUC 都留在原处。查准率 TP/(TP + FP) 混合了两个类别："
           "每个截断点上 FP 都大了十倍，所以在每个同时含有正例和反例的截断点上查准率下降；由这些查准率算出的 AP 也随之下降，除非每个正例都排在每个反例之前（那时 AP 用到的查准率前后都是 1）。"
           "ROC 不受类别比例影响；P-R 显示出类别比例对用户看到的预测有什么影响。",
)
_ = roc_auc_score

#: The English texts these translations follow: a fingerprint (SHA-256, first 10 hex digits) of each
#: English field, checked by tests/test_zh_in_step.py. When an English text changes, update its Chinese
#: here, then record the new fingerprint (the test's message gives it).
FOLLOWS = {
    '04.1': {'prompt': 'abb1e5bafe', 'hint': '4491b34d11', 'mistake 1': '4f5391697f', 'mistake 2': 'fc68a12eb8',
             'mistake 3': '203d247c2e', 'solve': '26c9bcd904'},
    '04.2': {'prompt': '480dd216a1', 'hint': '536df15cf4', 'mistake 1': '027d461ddb', 'mistake 2': '41dab994f9',
             'mistake 3': 'c36cc787cf', 'solve': '66eb9a1368'},
    '04.3': {'prompt': 'a152ce2b90', 'hint': '64ceceaebe', 'mistake 1': '5aeefca72b', 'mistake 2': 'e3f201b600',
             'mistake 3': '648fa8c792', 'solve': 'a79ee500d0'},
    '04.4': {'prompt': 'e449afdc77', 'hint': '41b51e3999', 'mistake 1': 'ebfc48341c', 'mistake 2': '317bd83bc4',
             'mistake 3': 'ae759f2a61', 'solve': 'dcef5d0477'},
    '04.5': {'prompt': '6463604961', 'hint': '92141128be', 'mistake 1': '2ad7c787c6', 'mistake 2': '0734ce281d',
             'mistake 3': '2e0769e4fb', 'mistake 4': '3df00c5584', 'solve': '77f9652316'},
    '04.6': {'prompt': 'cd5da822da', 'answer': '0b7ad1cb9d', 'key_points': '6f81edf454'},
}
