"""Chinese texts of chapter 03's exercises (the numbers are the English ones, from ch03)."""
from __future__ import annotations

import numpy as np

from . import ch03 as e
from ._core import translate

mt, ids = e._mt, e._ids


def _solve_1(k=e._K1):
    a, b = mt.at(k), mt.at(k + 1)
    return "\n".join([
        f"截断点 {k} 处：TP = {a.tp:g}，FP = {a.fp:g}，m+ = {mt.n_pos:g}：R = {a.recall:.4f}，P = {a.precision:.4f}。",
        f"截断点 {k + 1} 纳入了 {ids[k]} 号瓜，一个好瓜：TP 加一，FP 不变。",
        f"R = {b.tp:g}/{mt.n_pos:g} = {b.recall:.4f}（增加 1/m+ = {1 / mt.n_pos:.4f}）",
        f"P = {b.tp:g}/({b.tp:g} + {b.fp:g}) = {b.precision:.4f}（纳入一个正例，P 绝不会下降）",
        "这个点向右上方移动。" if b.precision > a.precision else "这个点只向右移动：P 已经是 1（还没有选中坏瓜），仍然是 1。",
    ])


def _zh_1(made):
    k = made["data"]["from_cut"]
    a = mt.at(k)
    where = f"在截断点 {k}（上面已打印），" if k == e._K1 else f"把滑块移到截断点 {k}："
    return dict(
        prompt=f"{where}探索器显示 TP = {a.tp:g}，FP = {a.fp:g}，所以 R = {a.recall:.3f}，"
               f"P = {a.precision:.3f}。排序表中下一个瓜，{ids[k]} 号，是好瓜。在把滑块移到截断点 {k + 1} 之前"
               "（探索器只画出已经走过的路径）：P-R 点会在哪里？给出 (R, P)。",
        mistakes=[
            ("这是 (P, R)。", "P-R 图的横轴是查全率：一个点是 (R, P)。"),
            ("这是纳入一个坏瓜时的一步（竖直向下）。", f"{ids[k]} 号瓜是好瓜：TP 增加，所以查全率也上升，查准率不会下降。"),
            ("这是同一截断点的 ROC 点 (FPR, TPR)。", "你读的是 ROC 图；在 P-R 图上，这个点是 (查全率, 查准率)。"),
        ],
        solve=lambda: _solve_1(k),
    )


translate("03.1", hint="一个好瓜让 TP（从而 TP + FP）加一；重新计算 R = TP/m+ 和 P = TP/(TP + FP)。", variants=_zh_1,
          **_zh_1(e._make_03_1(0)))

Y, S, T, M, MPOS = e._Y, e._S, e._T, e._M, e._MPOS
LIST = "，".join(f"{v:.2f} ({'+' if t == 1 else '−'})" for t, v in zip(Y, S))


def _row(k):
    c = T.at(k)
    return f"截断点 {k}：TP = {c.tp:g}，FP = {c.fp:g}，P = {c.precision:.4f}，R = {c.recall:.4f}"


c, K2 = e._c, e._K2


def _listed(y, s):
    return "，".join(f"{v:.2f} ({'+' if t == 1 else '−'})" for t, v in zip(y, s))


_ORD = {1: "一", 2: "二", 3: "三", 4: "四", 5: "五", 6: "六"}


def _solve_2(y, s, k):
    c = e.stepping_table(y, s).at(k)
    return "\n".join([
        f"前 {k} 个预测为正例：{_listed(y[:k], s[:k])}。",
        f"TP = {c.tp:g}（截断点以上的正例），FP = {c.fp:g}（截断点以上的反例），FN = {c.fn:g}（截断点以下的正例）。",
        f"P = TP/(TP + FP) = {c.tp:g}/{c.tp + c.fp:g} = {c.precision:.4f}",
        f"R = TP/(TP + FN) = {c.tp:g}/{c.tp + c.fn:g} = {c.recall:.4f}",
    ])


def _zh_2(made):
    y, s = made["data"]["y_true"], made["data"]["y_score"]
    mpos, k = int(np.sum(y == 1)), made["data"]["k"]
    return dict(
        prompt=f"八个样例按分数排序（括号内为标记）：{_listed(y, s)}。在第{_ORD[k]}个样例之后截断（前 {k} 个预测为正例）。"
               "给出 (P, R)：这个截断点处的查准率和查全率。",
        mistakes=[
            ("P 和 R 弄反了。", "查准率除以预测为正例的样例数（TP + FP），查全率除以正例数（TP + FN）。"
                              "把 FP 和 FN 对调（笔记 002 对它们的定义）恰好得到这种对调。"),
            ("你的查全率除以了全部 m 个样例。", f"查全率是找到的正例所占比例：TP/m+，m+ = TP + FN = {mpos}，而不是 TP/m。"),
            (f"这是在第{_ORD[k + 1]}个样例之后截断。", f"前 {k} 个在截断点以上：第{_ORD[k + 1]}个样例预测为反例。"),
            (f"这是在第{_ORD[k - 1]}个样例之后截断。",
             f"在第{_ORD[k]}个样例之后截断，截断点以上有{_ORD[k]}个样例，第{_ORD[k]}个也在内。"),
        ],
        solve=lambda: _solve_2(y, s, k),
    )


translate("03.2", hint="数出 TP、FP（截断点以上）和 FN（截断点以下的正例）；P = TP/(TP + FP)，R = TP/(TP + FN)。",
          variants=_zh_2, **_zh_2(e._make_03_2(0)))

bep, f1, k_f1 = e._bep, e._f1, e._k_f1


def _rows(t, k):
    c = t.at(k)
    return f"截断点 {k}：TP = {c.tp:g}，FP = {c.fp:g}，P = {c.precision:.4f}，R = {c.recall:.4f}"


def _same_or_new(y, s) -> str:
    return f"同样这八个样例：{_listed(y, s)}。" if y is Y else f"八个样例按分数排序（括号里是标记）：{_listed(y, s)}。"


def _solve_3(y=Y, s=S):
    t, bep = e.stepping_table(y, s), e.break_even_point(y, s)
    mpos = int(t.n_pos)
    lines = [_rows(t, k) for k in range(1, len(t))]
    lines += [f"TP > 0 时，恰在 TP + FP = m+ = {mpos} 处 P = R，即截断点 {bep.k}：前 {mpos} 个样例的查准率。",
              f"BEP = {t.tp[bep.k]:g}/{mpos} = {bep.value:.4f}"]
    return "\n".join(lines)


def _zh_3(made):
    y, s = made["data"]["y_true"], made["data"]["y_score"]
    k_f1 = int(np.nanargmax(e.fbeta_curve(e.stepping_table(y, s), beta=1.0)))
    return dict(
        prompt=f"{_same_or_new(y, s)}它们的 P-R 曲线的平衡点（BEP）是多少？",
        mistakes=[
            ("这是曲线的终点（R = 1，P = m+/m）。", "BEP 是曲线与直线 P = R 的交点，在把 m+ 个样例预测为正例的截断点处。"),
            (f"这是最佳的 F1（在截断点 {k_f1}）。", "F1 和 BEP 是不同的概括：BEP 在 P = R 处读取，而不是在 F1 最大处。"),
        ],
        solve=lambda: _solve_3(y, s),
    )


translate("03.3", hint="逐个截断点走一遍，找出 P = R 的地方；它出现在 TP + FP = m+ 处。", variants=_zh_3,
          **_zh_3(e._make_03_3(0)))


def _solve_4(y=Y, s=S, k=K2):
    c = e.stepping_table(y, s).at(k)
    yp = (s >= s[k - 1]).astype(int)
    P, R = c.precision, c.recall
    where = "在练习 03.2 的截断点处" if y is Y else f"在前 {k} 个之后的截断点处"
    moves = "越低" if R < P else "越高"
    return "\n".join([
        f"{where}：P = {P:.4f}，R = {R:.4f}。",
        "F_beta = (1 + beta²) P R / (beta² P + R)；beta = 2 时 beta² = 4（查全率更重要）：",
        f"F2 = 5 × {P:.4f} × {R:.4f} / (4 × {P:.4f} + {R:.4f}) = {5 * P * R:.4f} / {4 * P + R:.4f} = "
        f"{e._f(2.0, y, yp):.4f}",
        f"（F1 = {e._f(1.0, y, yp):.4f}，F0.5 = {e._f(0.5, y, yp):.4f}：R {'<' if R < P else '>'} P 时，越看重查全率，"
        f"分数{moves}。）",
    ])


def _zh_4(made):
    y, s, k = made["data"]["y_true"], made["data"]["y_score"], made["data"]["k"]
    lead = ("在练习 03.2 的截断点处（八个样例中前 3 个预测为正例），" if y is Y else
            f"八个样例按分数排序（括号里是标记）：{_listed(y, s)}。前 {k} 个预测为正例。在这个截断点处，")
    return dict(
        prompt=f"{lead}一项筛查任务更看重查全率而不是查准率，因此使用 F2（beta = 2）。F2 是多少？",
        mistakes=[
            ("这是 F0.5：beta 用反了。",
             "1/F_beta 中 1/R 的权重是 beta²，1/P 的权重是 1：beta = 2 时 1/R 的权重是 1/P 的 beta² = 4 倍"
             "（beta 本身是这样一个比值 R/P：在这里 P 与 R 增加同样多，F 也增加同样多）；beta = 0.5 把两者都反了过来。"),
            ("这是 F1：没有用上 beta。", "F1 对 P 和 R 一视同仁；把 beta² = 4 代入 (1 + beta²) P R / (beta² P + R)。"),
            ("你在该用 beta² 的地方用了 beta。", "两个权重是 1 + beta² = 5 和 beta² = 4，不是 3 和 2。"),
        ],
        solve=lambda: _solve_4(y, s, k),
    )


translate("03.4", hint="用截断点处的 P 和 R 代入 F_beta = (1 + beta²) P R / (beta² P + R)。", variants=_zh_4,
          **_zh_4(e._make_03_4(0)))


def _solve_5(y=Y, s=S):
    d = e._ap_parts(y, s)
    t = d["t"]
    terms = " + ".join(f"{t.precision[k]:.4f}" for k in d["pos_rows"])
    return "\n".join([
        "AP = Σ (R_k − R_{k−1}) P_k：查全率只在纳入一个正例的截断点处上升，每次上升 1/m+。",
        *[_rows(t, k) + "   <- 一个正例" for k in d["pos_rows"]],
        f"AP = ({terms}) / {int(t.n_pos)} = {d['ap']:.4f}",
        f"（过同样这些点的梯形面积 auc(recall, precision)：{d['trap']:.4f}；它不是 AP。）",
    ])


def _zh_5(made):
    y, s = made["data"]["y_true"], made["data"]["y_score"]
    return dict(
        prompt=f"{_same_or_new(y, s)}按 sklearn.metrics.average_precision_score 的算法，计算它们的平均查准率（AP）。",
        mistakes=[
            ("这是梯形面积 auc(recall, precision)。", "AP 在每一段查全率台阶上保持查准率不变；两个 P-R 点之间的斜直线并不是在这两个截断点之间抛硬币所得到的（第 6 节）。"),
            ("你对每个截断点的查准率都取了平均。", "AP 只取查全率上升处（每个正例）的查准率，并以查全率的台阶 1/m+ 加权。"),
            ("这是插值 AP（每个查准率换成它之后最好的那个）。",
             "这是 PASCAL VOC 目标检测评测的约定；scikit-learn 的 AP 和本课程的 AP 都用截断点处本身的查准率。"),
        ],
        solve=lambda: _solve_5(y, s),
    )


translate("03.5", hint="AP = Σ (R_k − R_{k−1}) P_k：每个纳入正例的截断点处的查准率，乘以 1/m+。", variants=_zh_5,
          **_zh_5(e._make_03_5(0)))

translate(
    "03.6",
    prompt="用你自己的话回答笔记 000 的问题：对一个固定的模型，查准率和查全率不应该是固定的数吗？它们怎么会形成一条曲线？",
    answer="只有阈值定下来之后，它们才是固定的数。打分模型输出的是分数而不是标记；把分数与阈值比较（在排序表上截断），"
           "才得到一个分类器，它有自己的混淆矩阵和自己的 (R, P)。排序表的每个截断点都是一个不同的分类器，所以一个模型"
           "在每个截断点给出一个 (R, P) 点，从第一个截断点一直到最后一个（全部预测为正例：R = 1，P = m+/m）。"
           "P-R 曲线把它们全部画出来；选定阈值就是选定其中一个点。",
)
_ = np

#: The English texts these translations follow: a fingerprint (SHA-256, first 10 hex digits) of each
#: English field, checked by tests/test_zh_in_step.py. When an English text changes, update its Chinese
#: here, then record the new fingerprint (the test's message gives it).
FOLLOWS = {
    '03.1': {'prompt': 'f2d87a93f4', 'hint': 'e1b60666d9', 'mistake 1': '870d6df1c2', 'mistake 2': 'fcd563bcb4',
             'mistake 3': '0989aa6145', 'solve': '41cb2819a4'},
    '03.2': {'prompt': 'bf22215149', 'hint': 'f816ec87ee', 'mistake 1': '256ccb79a7', 'mistake 2': 'b7a923d81e',
             'mistake 3': '6c60274ee5', 'mistake 4': 'aeaef1af87', 'solve': 'c8c11e929e'},
    '03.3': {'prompt': '8047990f7e', 'hint': 'd4029e63a8', 'mistake 1': 'c4c15215a3', 'mistake 2': '4ac9ace615',
             'solve': '2781666694'},
    '03.4': {'prompt': '693147eba8', 'hint': '3530fef772', 'mistake 1': '5fde777f62', 'mistake 2': 'e14e9a4b18',
             'mistake 3': '5daa4558c6', 'solve': '2dc2c9563a'},
    '03.5': {'prompt': '131e5b0dcc', 'hint': '4baf0fb089', 'mistake 1': '6b0652932e', 'mistake 2': '5374c2cc29',
             'mistake 3': 'd49222426c', 'solve': '76400a9ab9'},
    '03.6': {'prompt': 'b771e328dc', 'answer': '4ff93128f4', 'key_points': '48a46de2a4'},
}
