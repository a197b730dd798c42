"""Chinese texts of chapter 02's exercises (the numbers are the English ones, from ch02)."""
from __future__ import annotations

from ..classification import (BinaryCounts, accuracy_score, f1_score, hamming_loss, macro_micro, one_vs_rest_counts,
                              precision_recall_fscore_support, rates)
from . import ch02 as e
from ._core import translate

_NAMES = {1: "好瓜", 0: "坏瓜"}


def _listed(between) -> str:
    return "，".join(f"{i} 号瓜（{_NAMES[t]}，{s:.3f}）" for i, t, s in between)


def _moved_zh(a, b) -> str:
    w = e._moves(a, b, ("从 {:.4f} 降下来", "从 {:.4f} 升上去", "仍为 {:.4f}"))
    return w.format(a)


def _solve_1(mv=e._mv):
    c0, c1 = mv["old"].counts, mv["new"].counts
    between, t_old, t_new = mv["between"], mv["t_old"], mv["t_new"]
    n_good = sum(t for _, t, _ in between)
    n_bad = len(between) - n_good
    return "\n".join([
        f"阈值 {t_old:.2f} 时：tp={c0.tp} fp={c0.fp} fn={c0.fn} tn={c0.tn}。",
        f"把阈值降到 {t_new:.2f}，分数在 [{t_new:.2f}, {t_old:.2f}) 内的瓜也都预测为好瓜：{_listed(between)}。",
        f"{n_good} 个好瓜从 FN 移到 TP，{n_bad} 个坏瓜从 TN 移到 FP：tp={c1.tp} fp={c1.fp} fn={c1.fn} tn={c1.tn}。",
        f"P = TP/(TP+FP) = {c1.tp}/{c1.tp + c1.fp} = {mv['new'].precision:.4f}（{_moved_zh(mv['old'].precision, mv['new'].precision)}）；"
        f"R = TP/(TP+FN) = {c1.tp}/{c1.tp + c1.fn} = {mv['new'].recall:.4f}（从 {mv['old'].recall:.4f} 升上去）。",
    ])


def _zh_1(made):
    d = made["data"]
    mv = e._moved(d["old_threshold"], d["new_threshold"])
    o, t_old, t_new = mv["old"], mv["t_old"], mv["t_new"]
    where = f"探索器从阈值 {t_old:.2f} 开始" if mv["t_old"] == e._T_OLD and t_new == e._T_NEW else \
        f"把探索器的滑块放在阈值 {t_old:.2f}"
    return dict(
        prompt=f"{where}：tp={o.counts.tp} fp={o.counts.fp} fn={o.counts.fn} tn={o.counts.tn}，"
               f"P = {o.precision:.3f}，R = {o.recall:.3f}。分数从 {t_new:.2f} 到 {t_old:.2f}（不含）的瓜是："
               f"{_listed(mv['between'])}。在把滑块移到 {t_new:.2f} 之前，先预测那里的查准率和查全率。用元组 (P, R) 作答。",
        mistakes=[
            ("P 和 R 弄反了。", "查准率用 TP 除以预测为好瓜的瓜（TP + FP）；查全率除以真是好瓜的瓜（TP + FN）。"),
            ("越过截断点的坏瓜被漏掉了。", "分数不低于阈值的瓜都预测为好瓜，坏瓜也一样：它们成为假正例，把 P 拉低。"),
            ("这是旧阈值下的 P 和 R。", f"在 {t_new:.2f} 和 {t_old:.2f} 之间有瓜越过截断点：重新数 TP、FP 和 FN。"),
        ],
        solve=lambda: _solve_1(mv),
    )


translate("02.1", hint="把列出的每个瓜移到混淆矩阵中它的新格子，再重新计算 P 和 R。", variants=_zh_1,
          **_zh_1(e._make_02_1(0)))

C, R = e._C, e._R


def _matrix(c) -> str:
    return f"一个垃圾邮件过滤器在 {c.m} 封邮件上测试（垃圾邮件为正例）：TP = {c.tp}，FN = {c.fn}，FP = {c.fp}，TN = {c.tn}。"


_MATRIX = _matrix(C)


def _counts(made):
    """The counts of a variant of 02.2-02.4 (the English maker's data)."""
    return BinaryCounts(*made["data"]["counts"])


def _solve_2(c):
    r = rates(c)
    return "\n".join([
        f"m = TP + FN + FP + TN = {c.tp} + {c.fn} + {c.fp} + {c.tn} = {c.m}。",
        f"预测正确的在对角线上：TP + TN = {c.tp} + {c.tn} = {c.tp + c.tn}。",
        f"精度 = (TP + TN)/m = {c.tp + c.tn}/{c.m} = {r.accuracy:.4f}；错误率 = 1 - 精度 = {r.error_rate:.4f}。",
        f"笔记 003 的 (TP + FN)/m = {(c.tp + c.fn) / c.m:.4f} 是垃圾邮件所占的比例，与过滤器怎么判无关。",
    ])


def _zh_2(made):
    c = _counts(made)
    return dict(
        prompt=f"{_matrix(c)}过滤器的精度是多少？",
        mistakes=[
            ("这是笔记 003 的公式 (TP + FN)/m：", "它数的是真实的正例。精度数的是预测正确的：TP 和 TN。"),
            ("这是错误率，", "即预测错误的比例 (FP + FN)/m；精度是 1 减去它。"),
            ("TN 在分子和分母中都被漏掉了：", "正常邮件被正确放行，也是一次正确的预测。"),
        ],
        solve=lambda: _solve_2(c),
    )


translate("02.2", hint="精度是过滤器判对的邮件占全部邮件的比例。", variants=_zh_2, **_zh_2(e._make_02_2(0)))


def _solve_3(c):
    r = rates(c)
    return "\n".join([
        f"P = TP/(TP + FP) = {c.tp}/{c.tp + c.fp} = {r.precision:.4f}（被标为垃圾邮件的邮件中，真是垃圾邮件的比例）。",
        f"R = TP/(TP + FN) = {c.tp}/{c.tp + c.fn} = {r.recall:.4f}（垃圾邮件中被标出的比例）。",
        f"F1 = 2PR/(P + R) = 2 × {r.precision:.4f} × {r.recall:.4f} / {r.precision + r.recall:.4f} = {r.f1:.4f}，"
        f"也等于 2TP/(2TP + FP + FN) = {2 * c.tp}/{2 * c.tp + c.fp + c.fn}。",
        f"算术平均 (P + R)/2 = {(r.precision + r.recall) / 2:.4f} 会更高：调和平均偏向两者中较小的那个。",
    ])


def _zh_3(made):
    c = _counts(made)
    return dict(
        prompt=f"{_matrix(c)}计算查准率、查全率和 F1。用元组 (P, R, F1) 作答。",
        mistakes=[
            ("FP 和 FN 弄反了（笔记 002 的错误）：", "假正例是被标为垃圾邮件的正常邮件（真实为反例、预测为正例）；假反例是被放过的垃圾邮件。"),
            ("这个“查准率”其实是特异度 TN/(TN + FP)，笔记 002 把它叫作查准率。", "查准率看的是预测的正例：TP/(TP + FP)。"),
            ("F1 不是 P 和 R 的算术平均：", "它是两者的调和平均 2PR/(P + R)。"),
        ],
        solve=lambda: _solve_3(c),
    )


translate("02.3", hint="P 用 TP 除以预测的正例数，R 用 TP 除以真实的正例数；F1 是两者的调和平均。", variants=_zh_3,
          **_zh_3(e._make_02_3(0)))


def _solve_4(c):
    r = rates(c)
    return "\n".join([
        f"特异度就是真反例率：在 {c.negatives} 封正常邮件（FP + TN）中，被判为正常的比例。",
        f"TNR = TN/(TN + FP) = {c.tn}/{c.tn + c.fp} = {r.tnr:.4f} = 1 - FPR = 1 - {r.fpr:.4f}。",
        f"它既不是 FPR（{r.fpr:.4f}），也不是查准率（{r.precision:.4f}）。",
    ])


def _zh_4(made):
    c = _counts(made)
    return dict(
        prompt=f"{_matrix(c)}过滤器的特异度是多少？",
        mistakes=[
            ("这是 FPR，即 FP/(FP + TN)，笔记 002 把它叫作特异度：", "特异度是同一行的另一个比率，TNR = TN/(TN + FP) = 1 - FPR。"),
            ("这是查准率，笔记 002 把特异度叫作“查准率”：", "特异度除以真实的反例数，查准率除以预测的正例数。"),
            ("FP 和 FN 弄反了（笔记 002 的错误）：", "真实的反例（正常邮件）是 TN + FP，不是 TN + FN。"),
            ("这是灵敏度（查全率，TPR），", "即真实正例中的比率；特异度是它在真实反例上的对应量。"),
        ],
        solve=lambda: _solve_4(c),
    )


translate("02.4", hint="特异度是真实反例中的一个比率。", variants=_zh_4, **_zh_4(e._make_02_4(0)))


def _solve_5(y_true=e._Y5_TRUE, y_pred=e._Y5_PRED):
    p, r, f, _ = precision_recall_fscore_support(y_true, y_pred, average=None)
    mm = macro_micro(one_vs_rest_counts(y_true, y_pred))
    sk = f1_score(y_true, y_pred, average="macro")
    lines = [f"第 {k} 类：P = {pk:.4f}，R = {rk:.4f}，F1 = {fk:.4f}" for k, pk, rk, fk in zip((1, 2, 3), p, r, f)]
    lines += [
        f"宏查准率 = P 列的均值 = {mm.macro_p:.4f}；宏查全率 = R 列的均值 = {mm.macro_r:.4f}。",
        f"书中的宏F1 = 2 × 宏查准率 × 宏查全率 / (宏查准率 + 宏查全率) = {mm.macro_f1:.4f}（lm.macro_micro(...).macro_f1）。",
        f"scikit-learn 的 f1_score(average='macro') = F1 列的均值 = {sk:.4f}：是另一个数。",
        f"微F1 = 精度 = {mm.micro_f1:.4f}。",
    ]
    return "\n".join(lines)


def _zh_5(made):
    y_true, y_pred = made["data"]["y_true"], made["data"]["y_pred"]
    return dict(
        prompt=f"三个类别：y_true = {y_true}，y_pred = {y_pred}。计算书中的宏F1：宏查准率与宏查全率的 F1（调和平均），"
               "两者各是三张“一对其余”混淆矩阵上的均值。",
        mistakes=[
            ("这是各类 F1 的均值，即 scikit-learn 的 f1_score(average='macro')，也是笔记 002 的算法。",
             "两种都有人用；书中先对各类的 P 和 R 求平均，再取一次调和平均。"),
            ("这是微F1（这里等于精度），", "它把三张表的计数合在一起；宏平均是对各类的 P 和 R 求平均。"),
        ],
        solve=lambda: _solve_5(y_true, y_pred),
    )


translate("02.5", hint="列出三张“一对其余”混淆矩阵，算出每张的 P 和 R，求均值，再取 F1。", variants=_zh_5,
          **_zh_5(e._make_02_5(0)))


def _solve_6(y_true=e._Y6_TRUE, y_pred=e._Y6_PRED):
    f = e._f1s_6(y_true, y_pred)
    lines = []
    for k, c, fk in zip("ABC", one_vs_rest_counts(y_true, y_pred), f["per"]):
        lines.append(f"{k} 类：TP={c.tp} FP={c.fp} FN={c.fn}，F1 = 2TP/(2TP+FP+FN) = {2 * c.tp}/"
                     f"{2 * c.tp + c.fp + c.fn} = {fk:.4f}")
    pooled = [sum(getattr(c, a) for c in one_vs_rest_counts(y_true, y_pred)) for a in ("tp", "fp", "fn")]
    lines += [
        f"微平均：把计数合在一起，TP={pooled[0]} FP={pooled[1]} FN={pooled[2]}：微F1 = {f['micro']:.4f}（即精度）。",
        f"宏平均（scikit-learn 的）：三个 F1 的均值 = {f['macro']:.4f}。从未被预测的 C 类 F1 = 0：在宏平均中它占 3 票中的 1 票，"
        f"而在微平均中它的 {y_true.count('C')} 个样例只占 {len(y_true)} 票中的 {y_true.count('C')} 票。",
    ]
    return "\n".join(lines)


def _zh_6(made):
    y_true, y_pred = made["data"]["y_true"], made["data"]["y_pred"]
    return dict(
        prompt=f"三个类别，C 类稀少：y_true = {''.join(y_true)}，y_pred = {''.join(y_pred)}（每个字母一个样例）。"
               "分类器从不预测 C。计算微F1 和 scikit-learn 的宏F1（各类 F1 的均值；从未被预测的类 F1 = 0）。"
               "用元组 (微F1, 宏F1) 作答。",
        mistakes=[
            ("微平均和宏平均弄反了。", "微平均把计数合在一起（每个样例一票）；宏平均对各类的 F1 求平均（每个类别一票），所以看得见 C 的是宏平均。"),
            ("宏平均中漏掉了 C 类。", "从未被预测的类仍然要算：它的查全率为 0，所以 F1 为 0，宏平均要对全部三个类别求平均。"),
            ("这个宏F1 是书中的（宏查准率与宏查全率的 F1）。", "题目问的是 scikit-learn 的：各类 F1 的均值。"),
        ],
        solve=lambda: _solve_6(y_true, y_pred),
    )


translate("02.6", hint="每个类别列一张“一对其余”混淆矩阵；微平均把它们的计数合在一起，宏平均对它们的 F1 求平均。",
          variants=_zh_6, **_zh_6(e._make_02_6(0)))

translate(
    "02.7",
    prompt="一位同事报告说，一个欺诈检测器的精度是 99.9%，而支付中只有 0.1% 是欺诈。为什么这个数几乎说明不了这个检测器的好坏？"
           "你会要求看什么？",
    answer="欺诈只占 0.1% 时，把每笔支付都判为正常的模型精度就已经是 99.9%：精度被正常支付主导，找没找到欺诈它几乎不变。"
           "应当要求看混淆矩阵，或者正类的度量：查全率（抓到的欺诈所占比例）、查准率（报警中真是欺诈的比例）和 F1，"
           "并与“全判为正常”的平凡模型的这些值比较。",
)


def _solve_8(c=C):
    r, q = rates(c), e._measures_02_8(c)
    return "\n".join([
        f"TPR = TP/(TP + FN) = {c.tp}/{c.tp + c.fn} = {r.recall:.4f}；TNR = TN/(TN + FP) = {c.tn}/{c.tn + c.fp} = {r.tnr:.4f}。",
        f"平衡精度 = (TPR + TNR)/2 = {q['ba']:.4f}（精度 {r.accuracy:.4f} 按类别大小给两类加权；平衡精度给每类各一半）。",
        f"MCC = (TP TN - FP FN) / sqrt((TP + FP)(TP + FN)(TN + FP)(TN + FN)) = ({c.tp} × {c.tn} - {c.fp} × {c.fn}) / "
        f"sqrt({c.tp + c.fp} × {c.tp + c.fn} × {c.tn + c.fp} × {c.tn + c.fn}) = {q['mcc']:.4f}。",
        f"（Cohen 的 Kappa 系数是另一个度量，这里为 {q['kappa']:.4f}。）",
    ])


def _zh_8(made):
    c = _counts(made)
    return dict(
        prompt=f"{_matrix(c)}计算平衡精度和 MCC（马修斯相关系数）。用元组 (平衡精度, MCC) 作答。",
        mistakes=[
            ("这个“平衡精度”是普通的精度 (TP + TN)/m，", "它按类别大小给每类加权。平衡精度是两类各自查全率的均值：(TPR + TNR)/2。"),
            ("这是查准率与查全率的均值，", "而平衡精度平均的是每一类的查全率：TPR（垃圾邮件的）和 TNR（正常邮件的）。"),
            ("这个 MCC 是 Cohen 的 Kappa 系数，",
             "它对精度做了偶然一致的校正。MCC 是两列 0/1 值的相关系数：(TP TN - FP FN) / sqrt((TP + FP)(TP + FN)(TN + FP)(TN + FN))。"),
        ],
        solve=lambda: _solve_8(c),
    )


translate("02.8", hint="平衡精度：TPR 与 TNR 的均值。MCC：(TP TN - FP FN) 除以四个边际和之积的平方根。", variants=_zh_8,
          **_zh_8(e._make_02_8(0)))


def _solve_9(sc=e._sc9):
    c, pi = sc["c"], sc["pi"]
    return "\n".join([
        f"{e._N9:,} 人中有 {pi:.0%} 患病：患病 {c.tp + c.fn:,.0f} 人，健康 {c.fp + c.tn:,.0f} 人。",
        f"TP = TPR × {c.tp + c.fn:,.0f} = {c.tp:,.0f}；FP = FPR × {c.fp + c.tn:,.0f} = {c.fp:,.1f}。",
        f"P = TP/(TP + FP) = {c.tp:,.0f}/{c.tp + c.fp:,.1f} = {sc['p']:.4f}：大多数报警都是误报，尽管 TPR 和 FPR "
        f"与诊所里的相同，而在诊所里 P = {sc['p_clinic']:.4f}。",
        f"用几率算也一样：LR+ = TPR/FPR = {sc['lr']:.1f}；患病的几率从 1:{(1 - pi) / pi:.0f} 变为 {sc['odds']:.4f}，"
        f"即概率 {sc['odds']:.4f}/(1 + {sc['odds']:.4f}) = {sc['odds'] / (1 + sc['odds']):.4f}。",
    ])


def _zh_9(made):
    d = made["data"]
    sc = e._screen(d["tpr"], d["fpr"], d["prevalence"])
    tpr, fpr, pi = sc["tpr"], sc["fpr"], sc["pi"]
    return dict(
        prompt=f"一种筛查能查出 {tpr:.0%} 的患者（TPR = {tpr:.2f}），对 {fpr:.0%} 的健康人误报（FPR = {fpr:.2f}）。"
               f"在一半病人患病的诊所里，它的查准率是 {sc['p_clinic']:.3f}。在 {pi:.0%} 的人患病的人群中（TPR、FPR 不变），"
               "它的查准率是多少？",
        mistakes=[
            ("这是诊所里的查准率：查准率不能照搬到另一个人群。", f"数一数比如 10,000 人中（{pi * 100:g}% 患病）的 TP 和 FP。"),
            ("这是查全率（TPR），", "即筛查查出的患者所占比例；查准率是报警中真正患病者所占的比例。"),
            ("这是特异度（TNR = 1 - FPR），", "它是健康人中的比率；查准率除以报警数 TP + FP。"),
            ("这是报警后患病的几率，不是概率：", "几率 o 对应的概率是 o/(1 + o)。"),
            ("这是阳性似然比 LR+ = TPR/FPR，", "它乘在几率上；它本身不是概率。"),
        ],
        solve=lambda: _solve_9(sc),
    )


translate("02.9", hint="P = TP/(TP + FP)：在题目所问的人群中（比如 10,000 人）数出真报警和误报。", variants=_zh_9,
          **_zh_9(e._make_02_9(0)))


def _solve_10(Y=e._Y10, P=e._P10):
    lines = []
    for i, (y, p) in enumerate(zip(Y, P), 1):
        wrong = sum(a != b for a, b in zip(y, p))
        lines.append(f"样例 {i}：真实 {y}，预测 {p}：{wrong} 个标记错误" + ("，整个标记集合都对" if wrong == 0 else ""))
    n, L = len(Y), len(Y[0])
    lines += [
        f"子集精度 = 整个标记集合全对的样例所占比例 = {accuracy_score(Y, P):.4f}。",
        f"汉明损失 = {n} × {L} = {n * L} 个（样例，标记）格子中错误的比例 = {hamming_loss(Y, P):.4f}。",
        f"一个标记错了，在子集精度里整个样例就算错；在汉明损失里只算 {L} 个格子中的一个。",
    ]
    return "\n".join(lines)


def _zh_10(made):
    Y, P = made["data"]["Y_true"], made["data"]["Y_pred"]
    return dict(
        prompt=f"四个样例，每个三个标记（指示矩阵，每行一个样例）：Y_true = {Y}，Y_pred = {P}。计算子集精度"
               "（在矩阵上调用 accuracy_score）和汉明损失。用元组 (子集精度, 汉明损失) 作答。",
        mistakes=[
            ("这个“子集精度”是 1 - 汉明损失，即标记正确的比例。", "子集精度只在一个样例的全部标记都对时才算它对。"),
            ("这个汉明损失是至少有一个标记错误的样例所占比例（1 - 子集精度）。", "汉明损失数的是错误的（样例，标记）格子，再除以格子总数。"),
            ("两者弄反了。", "子集精度是完全正确的样例所占比例；汉明损失是错误格子所占比例。"),
        ],
        solve=lambda: _solve_10(Y, P),
    )


translate("02.10", hint="子集精度：整行全对。汉明损失：错误的格子数除以格子总数。", variants=_zh_10, **_zh_10(e._make_02_10(0)))

#: The English texts these translations follow: a fingerprint (SHA-256, first 10 hex digits) of each
#: English field, checked by tests/test_zh_in_step.py. When an English text changes, update its Chinese
#: here, then record the new fingerprint (the test's message gives it).
FOLLOWS = {
    '02.1': {'prompt': 'd72579f89e', 'hint': 'cee8aa435d', 'mistake 1': 'dbc1f31f76', 'mistake 2': 'a14c17864b',
             'mistake 3': 'e0cbc810a5', 'solve': '69f5a19e00'},
    '02.2': {'prompt': '779618851a', 'hint': '3f070c3955', 'mistake 1': '33e0cef1fb', 'mistake 2': 'cd8c46488e',
             'mistake 3': '0e5da69f25', 'solve': '6047c90163'},
    '02.3': {'prompt': 'eb7b8057b0', 'hint': 'edd274623b', 'mistake 1': '62c7903d28', 'mistake 2': 'e3d5dc13af',
             'mistake 3': '0d05055ad6', 'solve': 'c19ad60cd2'},
    '02.4': {'prompt': '22192c4a84', 'hint': '2de17bad9d', 'mistake 1': 'c74bfdbc40', 'mistake 2': '29eae907b8',
             'mistake 3': 'bda68723cf', 'mistake 4': '743502236f', 'solve': 'f75d9fd4f3'},
    '02.5': {'prompt': '515efd28c0', 'hint': '4ff82f39d3', 'mistake 1': '23e7f8c76e', 'mistake 2': 'ed96c598a0',
             'solve': '96d000ebed'},
    '02.6': {'prompt': 'ca7a9569ae', 'hint': '31ca8cccbd', 'mistake 1': '009a690e7e', 'mistake 2': '300cff875e',
             'mistake 3': '90c74e275c', 'solve': '61b0a10273'},
    '02.7': {'prompt': 'eaa2282a9f', 'answer': '4cc3babdf0', 'key_points': '0079514450'},
    '02.8': {'prompt': '4f0084a73b', 'hint': '55c50f50fe', 'mistake 1': '1c92aa7806', 'mistake 2': '60fff706b5',
             'mistake 3': '0a67a8af26', 'solve': '23f84659b1'},
    '02.9': {'prompt': 'e2aae5a696', 'hint': 'f155e7be68', 'mistake 1': '66c7a2d8f4', 'mistake 2': '57e7db8e30',
             'mistake 3': 'f90bd67c6e', 'mistake 4': '2cf5694f3a', 'mistake 5': 'a9033d7254',
             'solve': 'cb06e66f39'},
    '02.10': {'prompt': '750d0a0071', 'hint': 'b8c0b9e168', 'mistake 1': '8864b7624b', 'mistake 2': '72cece8541',
              'mistake 3': '169272b7ef', 'solve': '6653d8c600'},
}
