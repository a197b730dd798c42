"""Chinese texts of chapter 01's exercises (the numbers are the English ones, from ch01)."""
from __future__ import annotations

import math

from ..evaluation import METHODS, simulate_estimators, two_gaussians_population
from . import ch01 as e
from ._core import translate
from ._core import zh_choice_list


def _solve_1(h=e._h1):
    return "\n".join([
        f"T 含 ceil({h.share} × {e._m}) = {h.n_test} 个样例。",
        f"各类在 T 中应占的份额：恶性 {e._m_pos} × {h.n_test}/{e._m} = {h.quota_pos:.2f}，"
        f"良性 {e._m_neg} × {h.n_test}/{e._m} = {h.quota_neg:.2f}。",
        f"都向下取整：{math.floor(h.quota_pos)} + {math.floor(h.quota_neg)} = "
        f"{math.floor(h.quota_pos) + math.floor(h.quota_neg)}，比 {h.n_test} 少一个；缺的这个样例给舍掉最多的那一类"
        f"（恶性舍掉 {h.quota_pos % 1:.2f}，良性舍掉 {h.quota_neg % 1:.2f}）。",
        f"lm.holdout_split(y, test_size={h.share}, rng=0) 在 T 中放入 {h.test_pos} 个恶性、{h.test_neg} 个良性样例"
        f"（S 中为 {e._m_pos - h.test_pos} + {e._m_neg - h.test_neg} 个），与随机种子无关。",
    ])


def _zh_1(made):
    h = e._holdout(made["data"]["test_size"])
    share = h.share
    return dict(
        prompt=f"乳腺癌数据共有 m = {e._m} 个样例，其中 {e._m_pos} 个恶性（正例）、{e._m_neg} 个良性。测试集比例为 {share} "
               f"的分层留出法把 ceil({share} * {e._m}) 个样例放入测试集 T，每一类按比例送出自己的份额，取整后总数恰好等于"
               "这个数（多出的一个样例给向下取整时舍掉最多的那一类）。T 中有多少个恶性样例、多少个良性样例？"
               "用元组 (恶性, 良性) 作答。",
        mistakes=[
            ("两类弄反了。", f"恶性是较小的一类（{e._m} 个中的 {e._m_pos} 个），所以它送出的份额较小。"),
            ("这是训练集 S 的计数。", f"T 是留出的那 {share:.0%}；S 保留其余的 {1 - share:.0%}。"),
            ("每一类各自向上取整，T 就多了一个样例。",
             f"先定下 T 的大小 ceil({share} * {e._m}) = {h.n_test}，两类再分这个数，两类的计数之和必须等于它。"),
            ("每一类都向下取整，T 就少了一个样例。",
             f"计数之和必须等于 {h.n_test}：把缺的样例给取整时舍掉最多的那一类。"),
            ("多出的样例给了另一类。",
             f"它应当给取整时舍掉最多的那一类：恶性舍掉 {h.quota_pos % 1:.2f}，良性舍掉 {h.quota_neg % 1:.2f}。"),
            ("这是精确的份额，而测试集里的样例是整数个。", f"把份额取整成整数，且它们的和仍为 {h.n_test}。"),
        ],
        solve=lambda: _solve_1(h),
    )


translate("01.1", hint="先算出 T 的大小，再按两类的大小比例把它分给两类。", variants=_zh_1, **_zh_1(e._make_01_1(0)))

def _solve_2(M=e._M_BOOT):
    P = float(e._splits.oob_probability(M))
    return "\n".join([
        f"一次抽取没抽到某个给定样例的概率是 1 - 1/{M} = {1 - 1 / M:.4f}。",
        f"{M} 次抽取相互独立，所以每次都没抽到它的概率是 (1 - 1/{M})^{M} = {P:.4f}。",
        f"每个样例的这个概率都一样，所以平均有 {P:.4f} 比例的 D 是包外样例（{M} 个中的 {M * P:.2f} 个）。",
        f"它低于极限 1/e = {math.exp(-1):.4f}：随着 m 增大，(1 - 1/m)^m 向 1/e 增大。一次采样留在包外的是整数个样例"
        "（探索器中的“这次采样”）；许多次采样的平均才趋近这个概率。",
    ])


def _zh_2(made):
    M = made["data"]["m"]
    shown = e.bootstrap_state(M)
    return dict(
        prompt=f"在把探索器的滑块移到 m = {M} 之前先预测：自助采样从 {M} 个样例中有放回地抽取 {M} 次。平均而言，"
               f"{M} 个样例中有多大比例会留在包外（一次也没被抽到）？用 0 到 1 之间的数作答，保留 4 位小数。",
        mistakes=[
            ("1/e 是 m 很大时的极限。", f"对 m = {M} 直接计算 (1 - 1/m)^m：它比极限小。"),
            ("这是至少被抽到一次的比例（包内比例）。", "包外是指每次抽取都没抽到：(1 - 1/m)^m，而不是 1 减去它。"),
            ("这是一次抽取没抽到它的概率。", f"{M} 次抽取都必须没抽到这个样例：把 {M} 个概率相乘。"),
            ("这是包外样例个数的期望。", f"题目问的是比例：再除以 m = {M}。"),
            ("这是某一次自助采样留在包外的比例，即探索器中的“这次采样”。",
             f"一次采样留在包外的是整数个样例；题目问的是对所有采样的平均，即 m = {M} 时的概率 (1 - 1/m)^m。"),
            (f"这是探索器对 {len(shown.shares)} 次模拟采样取的平均，一个带有模拟噪声的估计。",
             f"直接计算概率本身：m = {M} 时的 (1 - 1/m)^m。"),
        ],
        solve=lambda: _solve_2(M),
    )


translate("01.2", hint="算出某个给定样例每次都没被抽到的概率。", variants=_zh_2, **_zh_2(e._make_01_2(0)))


def _solve_3(k=e._K, p=e._P):
    n_fits, tr, ts = e._kfold_sizes(k, p)
    q, r = divmod(e._m, k)
    return "\n".join([
        f"p 次 k 折交叉验证在每次重复的每一折上训练一个模型：{p} × {k} = {n_fits} 个模型。",
        f"{e._m} = {k} × {q} + {r}：{k} 折各含 {q} 或 {q + 1} 个样例（{r} 折含 {q + 1} 个，"
        f"{k - r} 折含 {q} 个）；lm.repeated_kfold 的各折含 {ts.min()} 到 {ts.max()} 个样例。",
        f"每个模型在其余 k - 1 折上训练：{e._m} - {ts.max()} = {tr.min()} 到 {e._m} - {ts.min()} = {tr.max()} 个样例。",
    ])


def _zh_3(made):
    k, p = made["data"]["k"], made["data"]["p"]
    return dict(
        prompt=f"在 {e._m} 个乳腺癌样例上做 {p} 次 {k} 折交叉验证（k = {k} 折，每次重新随机划分，重复 p = {p} 次）。"
               "一共训练多少个模型？最小和最大的训练集各含多少个样例？用元组 (模型数, 最小训练集, 最大训练集) 作答。",
        mistakes=[
            ("这只数了一次重复。", f"{p} 次重复每次都重新划分，各训练 {k} 个新模型。"),
            ("这是测试折的大小。", "每个模型在其余 k - 1 折上训练，而不是在用来测试它的那一折上。"),
            (f"(k - 1)/k × m = {(k - 1) / k * e._m:g} 不是整数个样例。",
             f"每一折含整数个样例：先把 {e._m} 分成大小几乎相等的 {k} 折。"),
        ],
        solve=lambda: _solve_3(k, p),
    )


translate("01.3", hint="先数每次重复有几折，再数一折之外有多少个样例。", variants=_zh_3, **_zh_3(e._make_01_3(0)))

_ZH4 = ("在训练集上评估", "留出法", "交叉验证法", "留一法", "自助法")
_NAMES = {"resubstitution": "训练误差", "holdout": "留出法", "kfold": "10 折交叉验证",
          "loo": "留一法", "bootstrap": "自助法"}


def _solve_4():
    pop = two_gaussians_population(**e._POPULATION)
    study = simulate_estimators(pop, e._M_POP, methods=METHODS, n_datasets=300, k=10, p=10, test_size=e._SHARE,
                                rng=0)
    bias = {name: b for name, b in zip(study.methods, study.bias) if name in e._METHODS}
    lines = [f"各方法的模型用 {e._M_POP} 个样例中多大比例（不同的样例）来训练："]
    for name in e._METHODS:
        note = "（并且在同样的样例上测试）" if name == "resubstitution" else ""
        lines.append(f"  {_NAMES[name]}（{name}）：{e._distinct[name]:.4f}{note}")
    lines.append("在这个总体上，用较少样例训练的模型平均更差（第 3 节的学习曲线），所以测试这类模型的方法会高估最终模型的"
                 "误差（自助法：一个自助样本中不同样例所占比例的均值）。")
    lines.append(f"在第 3 节的总体上实测（{len(study.true_error)} 个 m = {e._M_POP} 的数据集），估计的均值 - 真实误差：")
    for name, b in bias.items():
        lines.append(f"  {_NAMES[name]}（{name}）：{b:+.4f}")
    worst = max(bias, key=bias.get)
    lines.append(f"最悲观的是{_NAMES[worst]}（{worst}）；训练误差是乐观的（偏差为负）：它在学过的样例上测试。")
    return "\n".join(lines)


translate(
    "01.4",
    choices=_ZH4,
    prompt=f"在第 3 节的总体中取 m = {e._M_POP} 个样例组成数据集，下面哪种方法对最终模型的误差给出最悲观的估计"
           f"（正的偏差最大）？{zh_choice_list(_ZH4, e._METHODS)}。五种方法依次是：训练误差，一次 "
           f"{e._SHARE:.0%} 的留出法划分，10 折交叉验证，留一法，一次自助采样。想一想每种方法的模型是用多少个不同的样例训练的。",
    hint="比较各方法用 D 中多大比例的样例来训练。",
    mistakes=[
        ("训练误差是乐观的，不是悲观的：", "它在模型学过的样例上测试模型，所以偏差为负。"),
        (f"留出法的模型用 D 的 {e._distinct['holdout']:.0%} 训练，",
         f"而一个自助样本只含 D 中约 {e._distinct['bootstrap']:.1%} 的不同样例（m = {e._M_POP} 时的 1 - (1 - 1/m)^m）。"),
        ("留一法用 m - 1 个样例训练，", "几乎就是最终模型的训练集：它属于最不悲观的那几种。"),
        (f"10 折交叉验证的每个模型用 D 的 {e._distinct['kfold']:.0%} 训练，", "所以它的模型与最终模型很接近，偏差小。"),
    ],
    solve=_solve_4,
)

translate(
    "01.5",
    prompt="一位同事试了 l2 的七个取值，保留测试集上误差最小的那个，并把这个测试误差报告为模型的误差。"
           "报告的这个数有什么问题？这位同事应当怎么做？",
    answer="测试集被用来做了选择，所以它不再独立于模型：七个带噪声的测试误差中的最小者，往往低于所选参数在新数据上的误差，"
           "因此报告的误差偏乐观。应当改在验证集上选择 l2（从训练数据中再划出一部分，或在训练数据内部做交叉验证）。"
           "用选出的 l2 在整个训练部分上重新训练，只在未动用过的测试集上测一次误差。"
           "最后用全部 D 训练交付的模型。",
)

#: The English texts these translations follow: a fingerprint (SHA-256, first 10 hex digits) of each
#: English field, checked by tests/test_zh_in_step.py. When an English text changes, update its Chinese
#: here, then record the new fingerprint (the test's message gives it).
FOLLOWS = {
    '01.1': {'prompt': 'e484f46a9e', 'hint': 'c9a9f31ef7', 'mistake 1': '613cc371ba', 'mistake 2': '4d3ddf1fa2',
             'mistake 3': '8625a7f420', 'mistake 4': '6d0faa95bd', 'mistake 5': 'e18b9324cd',
             'mistake 6': 'a51e27db84', 'solve': 'fc41e15c40'},
    '01.2': {'prompt': 'bae384df65', 'hint': '2ee4dc46dc', 'mistake 1': '9eaf309c74', 'mistake 2': '02e8ba3ecf',
             'mistake 3': '21e5c4bd6a', 'mistake 4': '09a8cf988f', 'mistake 5': '05f6eebe9b',
             'mistake 6': 'ab59808677', 'solve': 'ce3a3fe408'},
    '01.3': {'prompt': '76af4841c1', 'hint': '7df09d2d19', 'mistake 1': 'ca6a81e21c', 'mistake 2': 'e6e4697579',
             'mistake 3': '41b5b51dc9', 'solve': '220f11b93f'},
    '01.4': {'prompt': '4969ad6c68', 'hint': '142fecf0a7', 'mistake 1': '20c5083c9b', 'mistake 2': '7201221ef5',
             'mistake 3': '0b95ace2b4', 'mistake 4': '912d14b608', 'solve': '8883b00ca0'},
    '01.5': {'prompt': 'fe4454c3ca', 'answer': '1607b2203e', 'key_points': 'ce265fc856'},
}
