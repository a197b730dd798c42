"""Chinese texts of chapter 10's exercises (the numbers are the English ones, from ch10)."""
from __future__ import annotations

import numpy as np

from learnmetrics import uncertainty as U

from . import ch10 as e
from ._core import translate
from ._core import zh_choice_list

Y1, S1, V10, V01, R1, M1, N1 = e._Y1, e._S1, e._V10, e._V01, e._R1, e._M1, e._N1


def _solve_1(y, s):
    v10, v01 = U._placements(y == 1, s)
    r, m, n = U.roc_auc_ci(y, s), v10.size, v01.size
    return (f"正例的分数 {s[y == 1].tolist()}，反例的 {s[y == 0].tolist()}\n"
            f"V10（每个正例排在其上的反例占 {n} 个反例的比例）= {np.round(v10, 4).tolist()}\n"
            f"V01（排在每个反例之上的正例占 {m} 个正例的比例）= {np.round(v01, 4).tolist()}\n"
            f"AUC = mean(V10) = mean(V01) = {r.auc[0]:.4f}\n"
            f"s²(V10) = {v10.var(ddof=1):.5f}，s²(V01) = {v01.var(ddof=1):.5f}（除以 m - 1 和 n - 1）\n"
            f"Var(AUC) = s²(V10)/{m} + s²(V01)/{n} = {r.covariance[0, 0]:.5f}；标准误 = √Var = {r.standard_error:.4f}\n"
            f"（lm.roc_auc_ci 给出同样的结果：95% 置信区间 [{r.low:.3f}, {r.high:.3f}]）")


def _zh_1(made):
    y, s = made["data"]["y_true"], made["data"]["y_score"]
    return dict(
        prompt=f"标记 {y.tolist()}（1 = 正例），分数 {s.tolist()}。计算 AUC 的 DeLong 标准误：先求位置值 V10"
               "（对每个正例，分数低于它的反例所占比例）和 V01（对每个反例，分数高于它的正例所占比例），"
               "再算 √(s²(V10)/m + s²(V01)/n)，s² 为样本方差。",
        mistakes=[
            ("你把方差除以了 m 和 n，而不是 m - 1 和 n - 1，", "DeLong 用的是位置值的样本方差 s²。"),
            ("只有正例那一项 s²(V10)/m，", "AUC 也随抽到的反例而变：加上 s²(V01)/n。"),
            ("这是方差，", "标准误是它的平方根。"),
        ],
        solve=lambda: _solve_1(y, s),
    )


translate("10.1", hint="4 个正例的 V10，4 个反例的 V01；它们的样本方差；最后开平方。", variants=_zh_1, **_zh_1(e._make_10_1(0)))

#: m (the width shrinks m-fold with m² times the examples): how the Chinese says it
_SHRINK = {2: ("数据多四倍，宽度减半，而不是变成四分之一。", "样例多四倍，宽度只减半"),
           3: ("数据多九倍，宽度缩小为三分之一，而不是九分之一。", "样例多九倍，宽度只缩小为三分之一"),
           4: ("数据多十六倍，宽度缩小为四分之一，而不是十六分之一。", "样例多十六倍，宽度只缩小为四分之一")}


def _solve_2(w0, n0, nn):
    m, n_datasets = round(np.sqrt(nn / n0)), e._n_datasets_10_2(w0, n0, nn)
    st = [U.auc_sampling_state(n, n_datasets=n_datasets, n_resamples=10) for n in (n0, nn)]
    w = [float(np.mean(s.highs - s.lows)) for s in st]
    return (f"n 项均值的标准误按 1/√n 缩小，而置信区间是 ± z 倍的标准误：\n"
            f"宽度({nn}) ≈ 宽度({n0}) × √({n0}/{nn}) = {w0} × {np.sqrt(n0 / nn):.2f} = {w0 * np.sqrt(n0 / nn):.3f}\n"
            f"模拟（双正态，各 {n_datasets} 个测试集）：n = {n0} 时 DeLong 区间平均宽 {w[0]:.3f}，n = {nn} 时 {w[1]:.3f}，"
            f"比值 {w[1] / w[0]:.3f}\n"
            f"{_SHRINK[m][1]}")


def _zh_2(made):
    d = made["data"]
    w0, n0, nn = d["width"], d["n0"], d["n1"]
    return dict(
        prompt=f"用 {n0} 个测试样例时，某个 AUC 的 95% 置信区间宽 {w0}。用同一总体的 {nn} 个测试样例时，它大约会有多宽？",
        mistakes=[
            ("这是宽度 ∝ 1/n，", f"标准误按 1/√n 缩小：{_SHRINK[round(np.sqrt(nn / n0))][0]}"),
            ("宽度不会保持不变：", "测试样例越多，AUC 就被限定得越紧。"),
        ],
        solve=lambda: _solve_2(w0, n0, nn),
    )


translate("10.2", hint="平均值的标准误如何依赖于 n？", variants=_zh_2, **_zh_2(e._make_10_2(0)))

VALS, SORTED, P90 = e._VALS, e._SORTED, e._P90


def _solve_3(vals):
    p90 = tuple(np.quantile(vals, [0.05, 0.95]))
    return (f"排序后：{np.sort(vals).tolist()}\n"
            f"90% 百分位区间在两端各切掉 5%：即 0.05 和 0.95 分位数；21 个值（位置 0 .. 20）时它们在位置 0.05 × 20 = 1 和 "
            f"0.95 × 20 = 19：第 2 小和第 2 大的值：({p90[0]:.3f}, {p90[1]:.3f})\n"
            "（np.quantile(values, [0.05, 0.95]) 的结果相同；lm.bootstrap_ci 用 2,000 次重采样做同样的计算）")


def _zh_3(made):
    vals = made["data"]["values"]
    return dict(
        prompt=f"对 17 个西瓜做 21 次自助重采样，得到这些 AUC：{vals.tolist()}。90% 百分位置信区间 (下限, 上限) 是多少？"
               "用 np.quantile 的分位数（位置 0 .. 20）。",
        mistakes=[
            ("这是整个范围 (最小值, 最大值)，", "90% 的区间在两端各去掉 5% 的值。"),
            ("这是 95% 的区间（0.025 和 0.975 分位数），", "90% 在两端各留 5%：0.05 和 0.95 分位数。"),
            ("这是正态区间 均值 ± 1.645 标准差，", "百分位区间直接从排好序的重采样值中读出两端。"),
        ],
        solve=lambda: _solve_3(vals),
    )


translate("10.3", hint="把 21 个值排序；90% 的区间保留中间的 90%。", variants=_zh_3, **_zh_3(e._make_10_3(0)))

T4, C4, Y4 = e._T4, e._C4, e._Y4


def _solve_4(y, a, b):
    t = U.delong_test(y, a, b)
    c = t.covariance
    v = c[0, 0] + c[1, 1] - 2 * c[0, 1]
    return (f"差值 AUC_A - AUC_B = {t.auc[0]:.4f} - {t.auc[1]:.4f} = {t.difference:.4f}\n"
            f"Var(差值) = Var_A + Var_B - 2 Cov = {c[0, 0]:.5f} + {c[1, 1]:.5f} - 2 × {c[0, 1]:.5f} = {v:.5f}\n"
            f"z = {t.difference:.4f} / √{v:.5f} = {t.z:.3f}；双侧 p = {t.p_value:.3f}\n"
            "协方差为正（两个模型都觉得同样的样例难），所以成对的方差小于 Var_A + Var_B：忽略它会低估 z")


def _zh_4(made):
    d = made["data"]
    y, a, b = d["y_true"], d["y_score_a"], d["y_score_b"]
    t = U.delong_test(y, a, b)
    c = t.covariance
    return dict(
        prompt=f"两个模型给同样的 {y.size} 个样例打分。DeLong 给出 AUC_A = {t.auc[0]:.4f}，AUC_B = {t.auc[1]:.4f}，"
               f"Var_A = {c[0, 0]:.5f}，Var_B = {c[1, 1]:.5f}，Cov(A, B) = {c[0, 1]:.5f}。AUC_A - AUC_B 的 DeLong z 统计量是多少？",
        mistakes=[
            ("少了协方差（这等于把两个 AUC 当作相互独立），", "两个模型是在同样的样例上打分的：Var(A - B) = Var_A + Var_B - 2 Cov。"),
            ("你加上了协方差，", "差的方差要减去 2 Cov。"),
        ],
        solve=lambda: _solve_4(y, a, b),
    )


translate("10.4", hint="z = 差值 / √Var(差值)；两个 AUC 共用同样的样例。", variants=_zh_4, **_zh_4(e._make_10_4(0)))

OPTS5, COV5, SE5, BAND5, CAT5 = e._OPTS5, e._COV5, e._SE5, e._BAND5, e._CAT5
_OPT_ZH = {"about 95%": "约 95%", "below 95%": "低于 95%", "above 95%": "高于 95%"}
_WHERE_ZH = {"about 95%": "在这个范围之内", "below 95%": "低于这个范围", "above 95%": "高于这个范围"}


def _solve_5():
    s17, s250 = e._ST5[17], e._ST5[250]
    misses = int(round((1 - COV5) * s17.aucs.size))
    return (f"真实 AUC 为 {s17.true_auc:.3f}；n = 17 的 {s17.aucs.size} 个测试集中，{s17.aucs.size - misses} 个 DeLong 区间"
            f"包含它，{misses} 个没有包含：覆盖率 {COV5:.1%}。\n"
            f"200 个测试集数出的比例，误差约为 ±2 × √(0.95 × 0.05 / 200) = ±{2 * SE5:.3f}，所以真实覆盖率若为 95%，"
            f"数出来会在 {BAND5[0]:.1%} 到 {BAND5[1]:.1%} 之间；{COV5:.1%} {_WHERE_ZH[CAT5]}：{_OPT_ZH[CAT5]}（'{CAT5}'）。\n"
            "原因：DeLong 区间是“估计值 ± 1.96 个标准误”，依赖正态近似。只有 17 个样例时，AUC 的波动只由 8 个正例和 9 个反例的"
            "分数估计，它的抽样分布又是偏斜的（不能超过 1），所以区间没有包含真值的次数多于 5%。"
            f"n = 250 时覆盖率为 {s250.coverage:.1%}。名义上的 95% 只有在方法所依赖的近似成立时才能兑现。")


_M5 = {"about 95%": ("95% 的区间只有在它所依赖的近似成立时，才会有 95% 的时候包含真值，",
                     "DeLong 区间是估计值 ± 1.96 个标准误；17 个样例的 AUC 接近正态分布吗？"),
       "below 95%": ("样例少时近似确实粗糙，但这里并没有损失覆盖率，", "在探索器里数一数没有包含真值的区间。"),
       "above 95%": ("区间宽不等于覆盖得多：", "n = 17 时区间确实很宽，但数一数 200 个区间里有多少个没有包含真实 AUC。")}
translate(
    "10.5",
    choices=tuple(_OPT_ZH[o] for o in OPTS5),
    aliases={**{w: "about 95%" for w in ("约95%", "95%左右", "大约95%", "差不多95%", "接近95%")},
             **{w: "below 95%" for w in ("低于", "不到95%", "小于95%", "低于95", "少于95%")},
             **{w: "above 95%" for w in ("高于", "超过95%", "大于95%", "高于95", "多于95%")},
             **{f"{w}{n}": o for n in ("百分之九十五", "百分之95") for w, o in (("约", "about 95%"), ("低于", "below 95%"),
                                                                              ("高于", "above 95%"))}},
    prompt="先预测，再用探索器验证：把样本量滑块设为 n = 17（和西瓜一样多的测试样例）。200 个测试集的 95% DeLong 区间中，"
           "包含真实 AUC 的比例是多少（探索器的标题数出了这个比例）？"
           f"{zh_choice_list([_OPT_ZH[o] for o in OPTS5], OPTS5)}。"
           f"“约 95%”指在 200 个测试集所允许的 ±2 个标准误之内，即 {BAND5[0]:.0%} 到 {BAND5[1]:.0%}。",
    hint="看看 DeLong 区间是怎样构造的：它依赖什么近似？这个近似对 17 个样例好吗？",
    mistakes=[_M5[o] for o in OPTS5 if o != CAT5],
    solve=_solve_5,
)

R6 = e._R6
translate(
    "10.6",
    prompt=f"用文字解释：西瓜学习器在 17 个瓜上的 AUC 是 {R6.auc[0]:.3f}，95% DeLong 置信区间为 [{R6.low:.2f}, {R6.high:.2f}]。"
           "这 17 个瓜能说明什么，不能说明什么？",
    answer="它们说明这个学习器排序很可能比抛硬币强：这个区间在 0.5 之上，AUC 为 0.5 的学习器很少能把 17 个瓜排得这么好"
           "（但也强得不多：本章的 BCa 自助法区间下端到了 0.500，另一种同样合理的方法就没有这么肯定）。"
           "它们说明不了它到底有多好，精确不到约 ±0.2：大约从 0.6 到 1 的任何 AUC 都与这些瓜相符，所以不能把 0.806 报告成三位数，"
           "好像每一位都有意义；在同样 17 个瓜上 AUC 高 0.05 的另一个学习器，也不能说明它更好。"
           "要让区间变窄需要更多的测试样例；它的宽度只按 1/√n 下降。",
)

#: The English texts these translations follow: a fingerprint (SHA-256, first 10 hex digits) of each
#: English field, checked by tests/test_zh_in_step.py. When an English text changes, update its Chinese
#: here, then record the new fingerprint (the test's message gives it).
FOLLOWS = {
    '10.1': {'prompt': '057941e415', 'hint': '875cb64d67', 'mistake 1': 'd11e9b16e8', 'mistake 2': '053a197fa8',
             'mistake 3': '865f3ee759', 'solve': 'f4bf3cbb1f'},
    '10.2': {'prompt': '6317b4f46d', 'hint': '87535313f5', 'mistake 1': '7868d7729f', 'mistake 2': '859e01f1fc',
             'solve': 'dda77d8737'},
    '10.3': {'prompt': '036599e1e8', 'hint': 'c131390926', 'mistake 1': '2fe2e28591', 'mistake 2': 'ba5a797829',
             'mistake 3': '70da05e057', 'solve': '7d96424855'},
    '10.4': {'prompt': 'a6fd4e8c01', 'hint': '0f81fa9c76', 'mistake 1': 'b2e7de5abb', 'mistake 2': 'e6216bd60a',
             'solve': '30211f5e93'},
    '10.5': {'prompt': '4cc37fc07b', 'hint': '1749a70bd1', 'mistake 1': 'f7052a16cd', 'mistake 2': 'fc6c0eed41',
             'solve': '4757ec9bd6'},
    '10.6': {'prompt': 'c4597313b6', 'answer': '4f711aa0ac', 'key_points': '063a4c056e'},
}
