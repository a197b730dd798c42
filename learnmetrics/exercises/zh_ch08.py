"""Chinese texts of chapter 08's exercises (the numbers are the English ones, from ch08)."""
from __future__ import annotations

import numpy as np

import learnmetrics as lm

from . import ch08 as e
from ._core import translate
from ._core import zh_choice_list

M, EPS0, ALPHA, C, BT = e._M, e._EPS0, e._ALPHA, e._C, e._BT
def _decision(d):
    """'reject H₀ at α = 0.05' in Chinese."""
    return str(d).replace("do not reject H₀ at", "不拒绝 H₀，α =").replace("reject H₀ at", "拒绝 H₀，α =") \
        .replace("α = α =", "α =")


def _solve_2(m, eps0, alpha):
    bt = lm.binomial_test(0, m, epsilon0=eps0, alpha=alpha)
    c = bt.details["critical_count"]
    rows = "\n".join(f"  P(X >= {j}) = {lm.binomial_test(j, m, epsilon0=eps0).p_value:.4f}"
                     f"{'  <= α：拒绝' if j >= c else ''}" for j in range(max(c - 3, 1), c + 2))
    return (f"若 H₀ 恰在边界上成立，测试错误数 X ~ Binomial(m = {m}, ε₀ = {eps0})\n{rows}\n"
            f"满足 P(X >= c) <= {alpha} 的最小计数是 c = {c}；书中的临界错误率是 ε̄ = (c - 1)/m = "
            f"{bt.details['epsilon_bar']:.4f}：测试错误率超过它时拒绝\n"
            f"（ε₀ m = {eps0 * m:g} 个错误是 H₀ 下平均预期的数目，远不足以拒绝）")


def _zh_2(made):
    d = made["data"]
    m, eps0, alpha = d["m"], d["epsilon0"], d["alpha"]
    return dict(
        prompt=f"一个分类器在 m = {m} 个独立样例上测试。H₀：它的泛化错误率不超过 ε₀ = {eps0}；α = {alpha}。"
               f"临界计数 c 是多少？即拒绝 H₀ 所需的最少测试错误数，也就是对 X ~ Binomial({m}, {eps0}) 满足 P(X ≥ c) ≤ α 的最小 c。",
        mistakes=[
            ("这是 ε̄·m，即最大的“不拒绝”计数，", "书中在错误率超过 ε̄ = (c - 1)/m 时拒绝，所以第一个被拒绝的计数还要再加一。"),
            ("这是 ε₀·m，即 H₀ 下平均预期的错误数，", "要拒绝，需要一个大到在 H₀ 成立时出现的概率不超过 α 的计数。"),
        ],
        solve=lambda: _solve_2(m, eps0, alpha),
    )


translate("08.2", hint=f"对 c = 1, 2, 3, ... 计算二项分布的尾概率 P(X ≥ c)，在它第一次 ≤ {ALPHA} 的 c 处停下。",
          variants=_zh_2, **_zh_2(e._make_08_2(0)))

PT, D, K, MU, SD, EA, EB = e._PT, e._D, e._K, e._MU, e._SD, e._EA, e._EB


def _solve_3(ea, eb):
    pt = lm.paired_t_test(ea, eb)
    d, k = pt.details["differences"], len(ea)
    mu, sd = pt.details["mean_difference"], pt.details["std_difference"]
    return (f"差值 Δ_i = ε_i^A - ε_i^B = {np.round(d, 4).tolist()}\n"
            f"均值 μ = {mu:.5f}；样本标准差 σ（除以 k - 1 = {k - 1}）= {sd:.5f}\n"
            f"τ_t = |√k μ / σ| = √{k} × {mu:.5f} / {sd:.5f} = {abs(pt.statistic):.4f}\n"
            f"与自由度 df = {k - 1} 的 t 分布临界值比较：{pt.critical_value:.4f} → {_decision(pt.decision)}")


def _zh_3(made):
    ea, eb = made["data"]["errors_a"], made["data"]["errors_b"]
    return dict(
        prompt=f"两个学习器在同样的 k = {len(ea)} 折上做交叉验证。A 各折的错误率：{ea.tolist()}；B 的：{eb.tolist()}。"
               "差值 A - B 的成对 t 统计量 τ_t = |√k μ / σ|（σ 为样本标准差）是多少？",
        mistakes=[
            ("你在标准差中除以了 k 而不是 k - 1，", "k 个差值的样本标准差除以 k - 1。"),
            ("少了因子 √k，", "k 个差值的均值，其波动是单个差值的 1/√k：τ_t = √k μ / σ。"),
            ("这是不成对的两样本 t 统计量，", "各折是共用的，所以要对逐折的差值计算：折与折之间的起伏会相互抵消。"),
        ],
        solve=lambda: _solve_3(ea, eb),
    )


translate("08.3", hint=f"取 {K} 个差值，求它们的均值 μ 和样本标准差 σ，再算 √{K} μ / σ。", variants=_zh_3,
          **_zh_3(e._make_08_3(0)))

MC, MC0, E01, E10, T = e._MC, e._MC0, e._E01, e._E10, e._TABLE


def _solve_1(table):
    mc, mc0 = lm.mcnemar_test_table(table), lm.mcnemar_test_table(table, correction=False)
    e01, e10 = mc.details["e01"], mc.details["e10"]
    return (f"只有意见不一致的样例才算数：e01 = {e01}（B 对 A 错），e10 = {e10}（B 错 A 对）\n"
            f"τ_χ² = (|e01 - e10| - 1)² / (e01 + e10) = ({abs(e01 - e10)} - 1)² / {e01 + e10} = {mc.statistic:.4f}\n"
            f"不做连续性校正：{abs(e01 - e10)}² / {e01 + e10} = {mc0.statistic:.4f}\n"
            f"α = 0.05 时 χ²(1) 的临界值：{mc.critical_value:.4f} → {_decision(mc.decision)}")


def _zh_1(made):
    table = made["data"]["table"]
    return dict(
        prompt=f"两个分类器在同样 100 个测试样例上。书中的列联表（行：B 正确 / B 错误；列：A 正确 / A 错误）是 "
               f"[[e00, e01], [e10, e11]] = {table.tolist()}。McNemar 检验的统计量 τ_χ² = (|e01 - e10| - 1)² / (e01 + e10) 是多少？",
        mistakes=[
            ("你漏掉了连续性校正（那个 -1），", "书中的统计量在平方之前先从 |e01 - e10| 中减去 1。"),
            ("你在分子中用了 e01 + e10，", "分子度量的是不一致的样例分得有多不均：|e01 - e10|。"),
            ("你用了 e00 和 e11，即两者都对或都错的样例，", "它们说明不了哪个学习器更好：应当用非对角线上的 e01、e10。"),
        ],
        solve=lambda: _solve_1(table),
    )


translate("08.1", hint="从表中读出 e01 和 e10（恰有一个学习器出错的两个格子）。", variants=_zh_1, **_zh_1(e._make_08_1(0)))

NF, KF, R, S, CHI, TF, FR, NAMES = e._NF, e._KF, e._R, e._S, e._CHI, e._TF, e._FR, e._NAMES


def _solve_4(ranks):
    fr = lm.friedman_test(ranks, names=NAMES)
    n, k, r = fr.n_datasets, fr.k, fr.average_ranks
    s_ = e._dec(float(np.sum((r - (k + 1) / 2) ** 2)), 2)
    chi, tf = fr.chi2.statistic, fr.f.statistic
    return ("平均序值 r_i：" + "，".join(f"{a} {e._dec(v, 1)}" for a, v in zip(NAMES, r)) + "\n"
            f"(k + 1)/2 = {(k + 1) / 2:g}；(r_i - (k+1)/2)² 之和 = {s_}\n"
            f"τ_χ² = (k-1)/k × 12N/(k²-1) × {s_} = {(k - 1)}/{k} × {12 * n}/{k ** 2 - 1} × {s_} = {chi:.4f}\n"
            f"τ_F = (N-1) τ_χ² / (N(k-1) - τ_χ²) = {n - 1} × {chi:.4f} / ({n * (k - 1)} - {chi:.4f}) = {tf:.4f}\n"
            f"α = 0.05 时 F({k - 1}, {(k - 1) * (n - 1)}) 的临界值：{fr.f.critical_value:.4f} → {_decision(fr.f.decision)}")


def _zh_4(made):
    ranks = made["data"]["ranks"]
    n, k = ranks.shape
    return dict(
        prompt=f"四个算法 A、B、C、D 在 N = {n} 个数据集上的序值（1 = 最好；每行一个数据集）：{ranks.astype(int).tolist()}。"
               "给出 Friedman 检验的 (τ_χ², τ_F)，其中 τ_χ² = (k-1)/k · 12N/(k²-1) · Σ(r_i - (k+1)/2)²，"
               "τ_F = (N-1)τ_χ² / (N(k-1) - τ_χ²)。",
        mistakes=[
            ("τ_χ² 中少了因子 (k-1)/k，", "书中的 τ_χ² 以 (k-1)/k 开头（等价地，12N/(k(k+1)) 乘以那个和）。"),
            ("τ_χ² 对了，但在 τ_F 中你把 N 和 k 对调了，", f"τ_F = (N-1)τ_χ² / (N(k-1) - τ_χ²)，N = {n} 个数据集，k = {k} 个算法。"),
        ],
        solve=lambda: _solve_4(ranks),
    )


translate("08.4", hint=f"先求每列的平均序值；再求它们到 (k+1)/2 = {(KF + 1) / 2:g} 的距离的平方和。", variants=_zh_4,
          **_zh_4(e._make_08_4(0)))

NEM, Q = e._NEM, e._Q


def _solve_5(k, n):
    q, cd = lm.compare.nemenyi_q(k), lm.critical_difference(k, n)
    return (f"k = {k} 时的 q_0.05（书中表 2.7）：{q:.3f}\n"
            f"CD = q √(k(k+1)/(6N)) = {q:.3f} × √({k * (k + 1)}/{6 * n}) = {cd:.4f}\n"
            f"（lm.critical_difference({k}, {n}) = {lm.critical_difference(k, n):.4f}）")


def _zh_5(made):
    d = made["data"]
    k, n, q = d["k"], d["n_datasets"], d["q_alpha"]
    opening = "同一张表" if made["prompt"].startswith("Same table") else "一张新的序值表"
    return dict(
        prompt=f"{opening}（k = {k} 个算法，N = {n} 个数据集，α = 0.05，q_0.05 = {q:.3f}）。Nemenyi 后续检验的临界值域 "
               "CD = q_α √(k(k+1)/(6N)) 是多少？",
        mistakes=[
            ("你把 k 和 N 对调了，", f"k 是算法的个数（{k}），N 是数据集的个数（{n}）。"),
            ("少了平方根，", "CD = q_α 乘以 k(k+1)/(6N) 的平方根。"),
        ],
        solve=lambda: _solve_5(k, n),
    )


translate("08.5", hint="算出 k(k+1)/(6N)，k 是算法的个数，N 是数据集的个数；取它的平方根，再乘以 q_α。", variants=_zh_5,
          **_zh_5(e._make_08_5(0)))


def _zh_pairs(text):
    return text.replace(" and ", " 和 ").replace("none", "没有")


def _solve_6():
    return "\n".join(f"{a}-{b}：|{a} - {b}| = {d:.1f} {'>' if s else '<='} CD = {NEM.cd:.4f}"
                     for a, b, d, s in NEM.pairs()) + f"\n有显著差别的：{_zh_pairs(e._PAIRS)}"


_ZH6 = ("A-C 和 A-D", "A-D", "A-D 和 B-D", "都不显著")
translate(
    "08.6",
    choices=_ZH6,
    prompt="同一张表：平均序值为 " + "，".join(f"{n} {r:.1f}" for n, r in zip(NAMES, R))
           + f"。Nemenyi 后续检验判定哪几对有显著差别？{zh_choice_list(_ZH6, e._CHOICES_086)}。",
    aliases={k: v for k, v in {"只有A-D": "A-D", "仅A-D": "A-D", "只有A-D一对": "A-D", "没有": "none", "无": "none",
                               "均不显著": "none", "都没有": "none", "没有显著差别": "none", "没有一对": "none",
                               "都没有显著差别": "none"}.items() if v in e._CHOICES_086},
    hint="两个算法的平均序值之差超过 CD 时，这一对才有显著差别。",
    mistakes=[
        (f"B 和 D 相差 {abs(R[1] - R[3]):.1f}，小于 CD，",
         f"你是不是忘了 CD 中的平方根？把每个平均序值之差与 CD = {NEM.cd:.3f} 比较。"),
        (f"A 和 D 相差 {abs(R[0] - R[3]):.1f}，大于 CD，", f"你是不是在 CD 中把 k 和 N 对调了？k = {KF}，N = {NF} 时 CD = {NEM.cd:.3f}。"),
        (f"A 和 C 只相差 {abs(R[0] - R[2]):.1f}，", f"小于 CD = {NEM.cd:.3f}：没有显著差别。"),
    ],
    solve=_solve_6,
)

GRID, STATE, RATE, OPTS, CAT = e._GRID, e._STATE, e._RATE, e._OPTS, e._CAT
_OPT_ZH = {OPTS[0]: "接近 α", OPTS[1]: "远高于 α", OPTS[2]: "接近 0"}


def _solve_7():
    others = "、".join(f"{v:.3f}" for v in e._OTHER.values())
    se = (GRID.alpha * (1 - GRID.alpha) / GRID.n_repeats) ** 0.5
    return (f"k = 2 折，两个学习器错误率的真实差 = {STATE.difference:.2f}：df = 1，|τ_t| > {STATE.critical_value:.3f} 时拒绝；"
            f"第一类错误率（误报的比例）= {RATE:.3f}\n"
            f"没有真实差别时 H₀ 为真：每一次拒绝都是误报。临界值（df = 1 时为 {STATE.critical_value:.3f}）是按"
            f"“各折差值服从正态分布时，误报的概率为 α = {GRID.alpha:g}”选的；而这里的差值是有限测试集上错误率之差，"
            f"只取少数几个值。在 {e._TIED:.1%} 的 k = 2 模拟中，两个差值相等且不为 0：σ = 0，τ_t 为无穷大，检验拒绝 H₀"
            "（两个差值都为 0 时 τ_t 为 0/0，记为不拒绝）。"
            f"所以 k = 2 时模拟的误报率是 {RATE:.3f}，高于 α = {GRID.alpha:g}；k = {'、'.join(str(k) for k in e._OTHER)} 时"
            f"分别是 {others}（各来自 {GRID.n_repeats:,} 次模拟实验，与真值相差约在 ±{2 * se:.3f} 以内）。"
            f"{RATE:.3f} 在 α/2 与 2α 之间：{_OPT_ZH[CAT]}。"
            "折数少会损失功效；差值又少又离散时，还会多出一些误报。")


translate(
    "08.7",
    choices=tuple(_OPT_ZH[o] for o in OPTS),
    aliases={**{w: OPTS[0] for w in (f"接近 {GRID.alpha:g}", "约等于α", "约为α", "和α差不多", "与α差不多", "接近α水平",
                                     f"约为{GRID.alpha:g}")},
             **{w: OPTS[1] for w in ("远大于α", "明显高于α", "远高于α水平", f"远高于{GRID.alpha:g}", "远超α")},
             **{w: OPTS[2] for w in ("接近零", "几乎为0", "几乎为零", "约为0", "接近于0")}},
    prompt="先预测，再用探索器验证：把真实差别设为 0（两个学习器一样好），折数设为 k = 2。在模拟的实验中，成对 t 检验"
           f"拒绝 H₀ 的比例会是多少（α = {GRID.alpha:g}）？{zh_choice_list([_OPT_ZH[o] for o in OPTS], OPTS)}。"
           "“接近 α”指在 α/2 与 2α 之间。",
    hint="没有真实差别时，每一次拒绝都是误报：临界值是按什么比率设计的？",
    mistakes=[(zm, zh) for o, zm, zh in [
        (OPTS[1], "只有两折时确实会多出一些误报（两个差值相等且不为 0 时 σ = 0，τ_t 为无穷大），但不多：",
         f"k = 2 时临界值很大（{STATE.critical_value:.3f}，df = 1），模拟的误报率是 {RATE:.3f}，低于 2α = {2 * GRID.alpha:g}。"),
        (OPTS[2], "折数少损失的是检出“真实”差别的功效，", "但没有真实差别时，拒绝都是误报，临界值把它们保持在 α 附近。"),
    ] if o != CAT],
    solve=_solve_7,
)

translate(
    "08.8",
    prompt=f"用文字解释：A 对 C 的成对 t 检验给出 p = {e._P_AC:.4f}（本章的第一个比较，10 折上的 F1）。"
           "一位同事写道“A 和 C 一样好”。这个结论错在哪里？应当怎么说？",
    answer="p 值大只说明：如果 A 和 C 一样好，这样的数据并不令人意外；它不是两者一样好的证据。检验可能缺乏功效："
           "折数少、测试集小，或者真实差别很小、淹没在折与折之间的噪声里，都会在某个学习器确实更好时仍给出大的 p 值。"
           "应当说：“在 α = 0.05 下没有检测到显著差别”；如果这一点要紧，再报告平均差别及其离散程度（或置信区间），"
           "让读者看到数据排除不了多大的差别。",
)

#: The English texts these translations follow: a fingerprint (SHA-256, first 10 hex digits) of each
#: English field, checked by tests/test_zh_in_step.py. When an English text changes, update its Chinese
#: here, then record the new fingerprint (the test's message gives it).
FOLLOWS = {
    '08.1': {'prompt': '385f6a7789', 'hint': '13b6e13c9e', 'mistake 1': 'ae7ca49097', 'mistake 2': 'a1e98ee8ae',
             'mistake 3': '0b98a59442', 'solve': '70cd47cf77'},
    '08.2': {'prompt': '60abba730f', 'hint': '65f4bf6f93', 'mistake 1': 'bf0e778627', 'mistake 2': '7c263e1250',
             'solve': '8b5fef4a74'},
    '08.3': {'prompt': 'd7c81f936e', 'hint': '95df978360', 'mistake 1': 'b2dc16a689', 'mistake 2': 'fb17337dee',
             'mistake 3': 'bdc6ae5e38', 'solve': 'e59916660b'},
    '08.4': {'prompt': '6e43d4fad0', 'hint': '933ca93df7', 'mistake 1': 'e260a0e54e', 'mistake 2': '4c399ed01c',
             'solve': '143664ac0e'},
    '08.5': {'prompt': '5dd8f85610', 'hint': 'f3e4ec80c5', 'mistake 1': 'bfc8da9428', 'mistake 2': 'a6563fb842',
             'solve': 'fa7ddb2c69'},
    '08.6': {'prompt': 'f7ef6d1d98', 'hint': '9136a083d9', 'mistake 1': '5b603e935e', 'mistake 2': 'ebfaec81f7',
             'mistake 3': 'e3aaf025a1', 'solve': '937cabb95e'},
    '08.7': {'prompt': 'fdf8c2453b', 'hint': 'fa88eedf2e', 'mistake 1': 'ac4fe09a32', 'mistake 2': 'c5ca4a5339',
             'solve': '2961234de9'},
    '08.8': {'prompt': '4e52e8398d', 'answer': 'b9518a15f2', 'key_points': 'c06bb3306a'},
}
