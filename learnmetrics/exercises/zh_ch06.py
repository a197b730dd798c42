"""Chinese texts of chapter 06's exercises (the numbers are the English ones, from ch06)."""
from __future__ import annotations

import numpy as np

from .. import ranking as _rk
from . import ch06 as e
from ._core import translate

K1 = e._K1


def _solve_1(before=e._BEFORE, r=3):
    sa, sb = e._state(e._moved_up(before, r), K1), e._state(before, K1)
    terms = " + ".join(f"{g:g}*{d:.4f}" for g, d in zip(sa.gains_exponential[:K1], sa.discounts[:K1]))
    return (f"新的前 {K1} 位：" + "，".join(f"{it}({r:g})" for it, r in zip(sa.items[:K1], sa.relevance[:K1])) + "\n"
            f"DCG@{K1} = (2^rel - 1) / log2(位次 + 1) 之和 = {terms} = {sa.dcg_exponential:.4f}\n"
            f"IDCG@{K1}（全部八篇文档中最好的 {K1} 篇，等级 3、3、2）= {sa.idcg_exponential:.4f}\n"
            f"NDCG@{K1} = {sa.dcg_exponential:.4f} / {sa.idcg_exponential:.4f} = {sa.ndcg_exponential:.4f}"
            f"（原来是 {sb.ndcg_exponential:.4f}：等级为 {e._GRADES[before[r - 1]]} 的文档现在排在第 {r - 1} 位）")


def _moved_hint(before, r) -> str:
    doc, above = before[r - 1], before[r - 2]
    g, ga = 2 ** e._GRADES[doc] - 1, 2 ** e._GRADES[above] - 1
    if ga == 0:
        return f"{doc} 从第 {r} 位移到第 {r - 1} 位：它的增益 {g} 现在除以 log2({r})，而不是 log2({r + 1})。"
    if g == 0:
        return f"{above} 从第 {r - 1} 位降到第 {r} 位：它的增益 {ga} 现在除以 log2({r + 1})，而不是 log2({r})。"
    return f"{doc} 从第 {r} 位移到第 {r - 1} 位，{above} 降到第 {r} 位：增益 {g} 现在除以 log2({r})，增益 {ga} 除以 log2({r + 1})。"


def _zh_1(made):
    before, after = made["data"]["before"], made["data"]["after"]
    r = next(i for i in range(2, len(before) + 1) if after[i - 2] == before[i - 1])   # the rank it left
    doc, above, G = before[r - 1], before[r - 2], e._GRADES
    sb = e._state(before, K1)
    if tuple(before) == e._BEFORE and r == 3:
        ask = f"下一个单元格把 {doc}（等级 {G[doc]}）再往上移一位；运行它之前先预测：NDCG@{K1} 会是多少？"
    else:
        ask = f"把 {doc}（等级 {G[doc]}）往上移一位，越过 {above}（等级 {G[above]}）：NDCG@{K1} 会是多少？"
    return dict(
        prompt=f"探索器显示的顺序是 {' '.join(before)}，k = {K1}，增益取指数形式 2^rel - 1（NDCG@{K1} = "
               f"{sb.ndcg_exponential:.4f}）。{ask}",
        mistakes=[
            ("这是移动之前的值。", _moved_hint(before, r)),
            ("这是线性增益（rel）下的 NDCG@3。", "这里探索器用的是指数增益 2^rel - 1：等级为 3 的文档增益为 7，不是 3。"),
            ("这是 DCG@3，不是 NDCG@3。", "再除以 IDCG@3，即最好的前 3 位的 DCG，这样 NDCG 才落在 [0, 1] 内。"),
            ("IDCG 是在整个列表上算的，而不是前 3 位。", "NDCG@k 除以 IDCG@k：把理想列表截在同一个 k 处"
                                                  "（笔记 003 的 IDCG_u 没有写 @k，在这里会误导）。"),
        ],
        solve=lambda: _solve_1(before, r),
    )


translate("06.1", hint="重新计算新顺序的 DCG@3，再除以 IDCG@3（最好的三个等级，从高到低排列）。", variants=_zh_1,
          **_zh_1(e._make_06_1(0)))

K2 = e._K2


def _solve_2(R2=e._RANKED2, REL2=e._REL2):
    hits = [d for d in R2[:K2] if d in REL2]
    p, r = _rk.precision_at_k(R2, REL2, K2), _rk.recall_at_k(R2, REL2, K2)
    return (f"前 {K2} 位：{'、'.join(R2[:K2])}；其中相关的：{'、'.join(hits)}（{len(hits)} 篇）\n"
            f"P@{K2} = {len(hits)} / k = {len(hits)} / {K2} = {p:.4f}\n"
            f"R@{K2} = {len(hits)} / 相关文档数 = {len(hits)} / {len(REL2)} = {r:.4f}（d9 是相关的，尽管列表中从未出现）")


def _zh_2(made):
    R2, REL2 = made["data"]["ranked"], set(made["data"]["relevant"])
    return dict(
        prompt=f"一次检索返回 {' '.join(R2)}（最好的在前）。相关文档是 {', '.join(sorted(REL2))}（d9 不在列表中）。"
               f"给出 (前 k 位查准率 P@{K2}, 前 k 位查全率 R@{K2})。",
        mistakes=[
            ("两者弄反了。", "查准率用命中数除以 k（前 k 位中有多少是相关的）；查全率用命中数除以相关文档的个数。"),
            ("查全率漏掉了相关文档 d9。", "检索从未返回的相关文档仍然计入查全率的分母：查全率正是为了发现这种情况。"),
            ("查准率除以了列表的长度。", f"P@k 用前 k 位的命中数除以 k = {K2}，而不是除以 {len(R2)} 条结果。"),
        ],
        solve=lambda: _solve_2(R2, REL2),
    )


translate("06.2", hint="数出前 k 位中的相关文档；除以 k 得查准率，除以相关文档总数得查全率。", variants=_zh_2,
          **_zh_2(e._make_06_2(0)))


def _solve_3(ranked=e._RANKED3, rel=e._REL3):
    d = e._ap_parts(ranked, rel)
    steps = "，".join(f"P@{r} = {p:.4f}" for r, p in zip(d["ranks"], d["at_hits"]))
    return (f"列表中相关项所在的位次为 {d['ranks']}：{steps}\n"
            f"AP = 这些值之和 / 相关项个数 = {sum(d['at_hits']):.4f} / {len(rel)} = {d['ap']:.4f}\n"
            "（z 是相关的但从未出现：它给和加 0，给分母加 1）")


def _zh_3(made):
    ranked, rel = made["data"]["ranked"], set(made["data"]["relevant"])
    found = len(e._hit_ranks(ranked, rel))
    return dict(
        prompt=f"一个列表 {' '.join(ranked)}（最好的在前）；相关项是 {', '.join(sorted(rel))}（z 不在列表中）。"
               "它的平均查准率 AP 是多少？",
        mistakes=[
            (f"和被除以了找到的 {found} 个相关项，而不是全部 {len(rel)} 个。",
             "AP 除以相关项的个数，无论找到与否；否则一个把一个相关项排第一、把其余都藏起来的列表会得到 1。"),
            ("和被除以了列表的长度。", f"只有相关项所在的位次有贡献，并且和要除以相关项个数 {len(rel)}。"),
            ("这是每个位次查准率的均值。", "AP 只在出现相关项的位次上对查准率求平均。"),
        ],
        solve=lambda: _solve_3(ranked, rel),
    )


translate("06.3", hint="在每个出现相关项的位次 r 写下 P@r，把它们加起来，再除以相关项的个数。", variants=_zh_3,
          **_zh_3(e._make_06_3(0)))

K4 = e._K4


def _solve_dcg(gain, rel=e._REL4):
    s4 = _rk.ranked_list_state(rel, k=K4)
    g = s4.gains_exponential if gain == "exponential" else s4.gains_linear
    form = "2^rel - 1" if gain == "exponential" else "rel"
    dcg = s4.dcg_exponential if gain == "exponential" else s4.dcg_linear
    terms = " + ".join(f"{gi:g}/log2({i + 2})" for i, gi in enumerate(g[:K4]))
    values = " + ".join(f"{gi * d:.4f}" for gi, d in zip(g[:K4], s4.discounts[:K4]))
    return (f"前 {K4} 位的增益（{form}）：{', '.join(f'{x:g}' for x in g[:K4])}\n"
            f"DCG@{K4} = {terms} = {values} = {dcg:.4f}")


def _prompt(gain_text, rel=e._REL4):
    return (f"一个列表按显示顺序的相关等级为：{', '.join(map(str, rel))}。用{gain_text}和折损 log2(位次 + 1) "
            f"计算 DCG@{K4}。")


def _zh_4(made):
    rel = made["data"]["relevance"]
    return dict(
        prompt=_prompt("指数增益 2^rel - 1（笔记 003 的约定）", rel),
        mistakes=[
            ("这是线性增益 rel（scikit-learn 的约定）。", "本题要的是笔记 003 的增益 2^rel - 1：等级为 3 的项增益为 7。"),
            ("折损用了自然对数。", "折损是以 2 为底的 log(位次 + 1)：第 1 位除以 log2(2) = 1。"),
            ("折损用了 log2(位次)，第 1 位不折损。", "用 log2(位次 + 1) 时第 2 位已经被折损（除以 log2(3) = 1.585）；"
                                             "用 log2(位次) 时第 1、2 位的权重相同。"),
        ],
        solve=lambda: _solve_dcg("exponential", rel),
    )


translate("06.4", hint="DCG@3 = 对位次 i = 1..3 求 (2^rel_i - 1) / log2(i + 1) 之和。", variants=_zh_4,
          **_zh_4(e._make_06_4(0)))


def _zh_5(made):
    rel = made["data"]["relevance"]
    return dict(
        prompt=_prompt("线性增益 rel（scikit-learn 的约定）", rel),
        mistakes=[
            ("这是指数增益 2^rel - 1（笔记 003 的约定）。", "本题要的是 scikit-learn 的增益，即等级本身：等级为 3 的项增益为 3。"),
            ("折损用了自然对数。", "折损是以 2 为底的 log(位次 + 1)（sklearn 的 dcg_score：log_base=2）。"),
            ("这是 CG@3：少了折损。", "相加之前先把每个增益除以 log2(位次 + 1)。"),
        ],
        solve=lambda: _solve_dcg("linear", rel),
    )


translate("06.5", hint="DCG@3 = 对位次 i = 1..3 求 rel_i / log2(i + 1) 之和。", variants=_zh_5, **_zh_5(e._make_06_5(0)))

K6 = e._K6


def _solve_6(REL6=e._REL6):
    s6 = e._ndcg_parts(REL6)["s"]
    ideal = sorted(REL6, reverse=True)
    return (f"列表的 DCG@{K6}（前面是 {', '.join(map(str, REL6[:K6]))}）= {s6.dcg_linear:.4f}\n"
            f"全部项的理想顺序：{', '.join(map(str, ideal))}；由它的前 {K6} 位（{', '.join(map(str, ideal[:K6]))}）"
            f"得 IDCG@{K6} = {s6.idcg_linear:.4f}\n"
            f"NDCG@{K6} = {s6.dcg_linear:.4f} / {s6.idcg_linear:.4f} = {s6.ndcg_linear:.4f}")


def _zh_6(made):
    REL6 = made["data"]["relevance"]
    d = e._ndcg_parts(REL6)
    return dict(
        prompt=f"一个列表按显示顺序的相关等级为：{', '.join(map(str, REL6))}。用线性增益 rel 和折损 log2(位次 + 1)，"
               f"NDCG@{K6} 是多少？",
        mistakes=[
            ("IDCG 是在整个列表上算的。", f"NDCG@{K6} 把前 {K6} 位与最好的前 {K6} 位相比：IDCG@{K6}，即截在同一个 k 处的理想列表。"
                                     "（笔记 003 写的 IDCG_u 没有 @k；照字面读就会得到这个答案。）"),
            (f"理想列表是用显示出来的 {K6} 项重新排序得到的。",
             f"理想列表要对全部项排序：取整个列表中最好的 {K6} 个等级，包括被排在第 {d['below_rank']} 位的那个等级为 "
             f"{d['below_grade']} 的项。"),
            ("这是指数增益 2^rel - 1 下的 NDCG。", "这里的增益就是等级本身（线性）。"),
        ],
        solve=lambda: _solve_6(REL6),
    )


translate("06.6", hint="NDCG@k = DCG@k / IDCG@k，其中 IDCG@k 是全部项按从好到差排序后的 DCG@k。", variants=_zh_6,
          **_zh_6(e._make_06_6(0)))

qs = e._qs


def _solve_7(rel=e._REL7):
    d = e._mrr_parts(rel)
    parts = "；".join(f"{q}：第一个相关答案在第 {r} 位，RR = {v:.4f}" for q, r, v in zip(qs, d["first"], d["rr"]))
    return f"{parts}\nMRR = 各 RR 的均值 = ({' + '.join(f'{v:.4f}' for v in d['rr'])}) / {len(d['rr'])} = {d['mrr']:.4f}"


def _zh_7(made):
    rel = {q: set(v) for q, v in made["data"]["relevant"].items()}
    d = e._mrr_parts(rel)
    return dict(
        prompt="三个查询及其答案（最好的在前）："
               + "；".join(f"{q}：{' '.join(e._LISTS7[q])}，相关 {{{', '.join(sorted(rel[q]))}}}" for q in qs)
               + "。平均倒数排名 MRR 是多少？",
        mistakes=[
            ("这是 1 除以平均位次：求平均和取倒数的顺序反了。", "先对每个查询取 1/位次，再求平均。"),
            ("这是第一个相关答案的平均位次。", "MRR 平均的是倒数 1/位次，所以排第 1 位记 1，排得越靠后记得越少。"),
            (f"{d['two']} 的每个相关答案都被算进去了。", "倒数排名只看每个查询的第一个相关答案。"),
        ],
        solve=lambda: _solve_7(rel),
    )


translate("06.7", hint="对每个查询取 1 除以它第一个相关答案的位次，再对各查询求平均。", variants=_zh_7,
          **_zh_7(e._make_06_7(0)))


def _solve_8():
    lines = []
    for name, ranked in e._ENGINES8.items():
        zh = name.replace("engine ", "引擎 ")
        lines.append(f"{zh}：相关文档在第 {e._hit_ranks(ranked, e._REL8)} 位；"
                     f"P@10 = {_rk.precision_at_k(ranked, e._REL8, 10):.4f}，"
                     f"R@10 = {_rk.recall_at_k(ranked, e._REL8, 10):.4f}，"
                     f"AP = {_rk.average_precision(ranked, e._REL8):.4f}")
    return "\n".join(lines)


translate(
    "06.8",
    prompt="引擎 A 和 B 以不同顺序展示同样的十篇文档，所以在 k = 10 处它们的查准率和查全率相等。"
           "用文字解释：为什么 AP 仍然能把它们区分开？",
    answer="前 k 位查准率和前 k 位查全率只问哪些文档在前 k 位，不问它们排在哪里：k = 10 时两个引擎都包含同样的十篇，"
           "所以这两个度量相等。AP 在每篇相关文档所在的位次上对查准率求平均，而某个位次的查准率取决于它前面有多少篇相关文档，"
           "所以 AP 取决于相关文档排在哪里：把一篇相关文档移到一篇不相关文档之上，AP 就会升高。"
           "相关文档所在位次相同的列表 AP 相同，不管其余位次由哪些不相关文档填充。",
    solve=_solve_8,
)
_ = np

#: The English texts these translations follow: a fingerprint (SHA-256, first 10 hex digits) of each
#: English field, checked by tests/test_zh_in_step.py. When an English text changes, update its Chinese
#: here, then record the new fingerprint (the test's message gives it).
FOLLOWS = {
    '06.1': {'prompt': 'c12a4ce87a', 'hint': '7257dae3d3', 'mistake 1': 'e62bd66a0e', 'mistake 2': 'c5e4ef7cb2',
             'mistake 3': '54421710d5', 'mistake 4': '122446968f', 'solve': '14b81a50d4'},
    '06.2': {'prompt': '5738dad631', 'hint': '3bd90a3af9', 'mistake 1': '84282e7a94', 'mistake 2': 'a66f07b1d4',
             'mistake 3': 'b7caf71592', 'solve': 'c0aa196941'},
    '06.3': {'prompt': 'a0541e3920', 'hint': 'fd8376e7da', 'mistake 1': 'dcca2dedd3', 'mistake 2': '5104ad15de',
             'mistake 3': '4e46ac343c', 'solve': '6594ed8348'},
    '06.4': {'prompt': 'bd1bd26463', 'hint': '0902a69eb1', 'mistake 1': '3ce9fa72a2', 'mistake 2': '93ab9ddccc',
             'mistake 3': '4d54ebb1d2', 'solve': '05c574c980'},
    '06.5': {'prompt': '77902f356d', 'hint': '1deadb3eac', 'mistake 1': '746ed14547', 'mistake 2': 'c2d0330fcb',
             'mistake 3': '25990827c4', 'solve': 'b45079d7b9'},
    '06.6': {'prompt': '99242d0988', 'hint': 'ea15500046', 'mistake 1': '5bece0d4e9', 'mistake 2': 'd28dcad354',
             'mistake 3': '2c0da4bacc', 'solve': '752d930118'},
    '06.7': {'prompt': '4a6fa6fb66', 'hint': '4480092a7a', 'mistake 1': 'c56f7cc012', 'mistake 2': 'c63a31674d',
             'mistake 3': '809575b765', 'solve': '7f590ddbe8'},
    '06.8': {'prompt': '867cb29750', 'solve': 'fa12a8913e', 'answer': 'ea548f5e02', 'key_points': 'abc93cb5ae'},
}
