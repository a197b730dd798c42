"""Chinese texts of chapter 09's exercises (the numbers are the English ones, from ch09)."""
from __future__ import annotations

import numpy as np

import learnmetrics as lm

from . import ch09 as e
from ._core import translate
from ._core import zh_choice_list

PRED, TRUTH, LABELS, B2, VAR, NOISE, FBAR = e._PRED, e._TRUTH, e._LABELS, e._B2, e._VAR, e._NOISE, e._FBAR
_TERM = {"bias²": "偏差²", "variance": "方差", "noise": "噪声"}


def _solve_1(pred, truth, labels, full=True):
    t = e._bv_terms(pred, truth, labels)
    b2, var, noise, fbar = t["b2"], t["var"], t["noise"], t["fbar"]
    tot = b2 + var + noise
    return (f"平均预测 f̄(x) = {pred.tolist()} 的均值 = {fbar:.2f}\n"
            f"偏差² = (f̄(x) - y)² = ({fbar:.2f} - {truth})² = {b2:.4f}\n"
            f"方差 = E_D[(f(x; D) - f̄(x))²] = {np.round((pred - fbar) ** 2, 4).tolist()} 的均值 = {var:.4f}"
            "（像 E_D 那样除以训练集的个数）\n"
            f"噪声 ε² = E_D[(y_D - y)²] = {np.round((labels - truth) ** 2, 4).tolist()} 的均值 = {noise:.4f}\n"
            f"偏差² + 方差 + 噪声 = {b2:.4f} + {var:.4f} + {noise:.4f} = {tot:.4f}：式 (2.42) 对 x 处期望误差的估计\n"
            + (f"（直接对五对 (f, y_D) 求 (f(x; D) - y_D)² 的均值得 {t['direct']:.4f}：两个交叉项在期望意义下为零，"
               "在五次抽样上并不为零）" if not full else
            f"直接对五对 (f, y_D) 求 (f(x; D) - y_D)² 的均值得 {t['direct']:.4f}，而不是 {tot:.4f}："
            f"差值 {t['direct'] - tot:+.4f} 是这五次抽样上的两个交叉项，"
            f"2·mean((f - f̄)(f̄ - y_D)) = {t['cross1']:+.4f} 和 2(f̄ - y)·mean(y - y_D) = {t['cross2']:+.4f}。"
            "它们在期望意义下为零（y_D 与训练集独立，噪声均值为零），在五次抽样上并不为零。"))


def _zh_1(made):
    d = made["data"]
    pred, truth, labels = d["predictions"], d["truth"], d["labels"]
    return dict(
        prompt=f"在某个测试点 x，真实值 y = {truth}。五个训练集给出的预测为 f(x; D) = {pred.tolist()}，在 x 处记录的五个测试标记"
               f"（与训练集独立抽取，每个训练集一个）为 y_D = {labels.tolist()}。给出 x 处的 (偏差², 方差, 噪声 ε²)，"
               "所有平均都对五个集合求。",
        mistakes=[
            ("你的方差除以了 4（样本方差），", "书中的方差是对训练集求的平均 E_D：除以训练集的个数 5。"),
            ("你的第一项是偏差 f̄(x) - y 本身，不是它的平方，", "偏差² 要把它平方（因而永远不为负）。"),
            ("你的第一项是距离 |f̄(x) - y|，不是它的平方，", "把平均预测到真实值的距离平方。"),
            ("你的第一项是 (f(x; D) - y)² 的均值，它等于偏差² + 方差，", "偏差² 用的是“平均”预测：(f̄(x) - y)²。"),
            ("你的噪声度量的是标记围绕平均预测的离散程度，", "噪声是记录的标记围绕“真实”y 的离散程度：它与学习器毫无关系。"),
        ],
        solve=lambda: _solve_1(pred, truth, labels, full=pred is e._PRED),
    )


translate("09.1", hint="先求平均预测 f̄(x)；然后偏差² = (f̄(x) - y)²，方差 = (f(x; D) - f̄(x))² 的均值，噪声 = (y_D - y)² 的均值。",
          variants=_zh_1, **_zh_1(e._make_09_1(0)))

RES, LO, HI, I_LO, I_HI, VALUES, CHANGE, GROWS, TERMS = (e._RES, e._LO, e._HI, e._I_LO, e._I_HI, e._VALUES,
                                                        e._CHANGE, e._GROWS, e._TERMS)


def _solve_2():
    rows = "\n".join(f"{_TERM[t]:>4}：{LO} 次 {VALUES[t][I_LO]:.4f} → {HI} 次 {VALUES[t][I_HI]:.4f}"
                     f"（变化 {CHANGE[t]:+.4f}）" for t in TERMS)
    return (f"{rows}\n"
            f"{_TERM[GROWS]}（'{GROWS}'）增大：更灵活的函数族会跟着每个训练集的噪声走，所以不同训练集上的拟合彼此差别更大；"
            "偏差² 下降，因为函数族现在能跟上正弦曲线；噪声属于数据，不属于学习器")


_M2 = {
    "bias²": ("这里偏差² 随次数升高而变小，", "更灵活的函数族能更好地跟上真实函数；看看各次拟合的离散程度怎么变。"),
    "noise": ("噪声项根本不随次数变化，", "它是标记围绕真实值的离散程度，是数据的性质。"),
    "variance": ("这里增大的正是方差，", "再看一遍表格。"),
}
translate(
    "09.2",
    choices=("偏差²", "方差", "噪声"),
    aliases={**{f"{_TERM[t]}{w}": t for t in TERMS for w in ("增大", "变大", "增加")},
             **{f"{t} {w}": t for t in TERMS for w in ("grows", "increases", "goes up")}},
    prompt=f"在本章的模拟中（正弦曲线，20 个训练点，σ = 0.3），次数从 {LO} 升到 {HI} 时，三项中哪一项增大？"
           f"{zh_choice_list([_TERM[t] for t in TERMS], TERMS)}。",
    hint="在第 2 节的表格中比较这两个次数下的每一列。",
    mistakes=[_M2[t] for t in TERMS if t != GROWS],
    solve=_solve_2,
)

SPREAD, CONST = e._SPREAD, e._CONST


def _solve_3():
    rows = "\n".join(f"{_TERM[t]:>4}：在 {int(RES.degrees[0])}-{int(RES.degrees[-1])} 次之间从 {VALUES[t].min():.4f} 到 "
                     f"{VALUES[t].max():.4f}" for t in TERMS)
    return (f"{rows}\n"
            f"{_TERM[CONST]}（'{CONST}'）在每个次数下都相同：ε² = E[(y_D - y)²] 只涉及标记和真实值，不含任何预测。"
            "在本章的假设下，没有哪个学习器能把期望误差降到它以下")


_M3 = {
    "bias²": ("偏差² 取决于学习器的平均拟合 f̄(x)，", "函数族越灵活，它越靠近真实函数（看表中它那一列）。"),
    "variance": ("方差取决于学习器在不同训练集上的拟合差别有多大，", "函数族越灵活，拟合差别越大（看表中它那一列）。"),
    "noise": ("保持不变的正是噪声项，", "再看一遍它的定义。"),
}
translate(
    "09.3",
    choices=("偏差²", "方差", "噪声"),
    aliases={f"{_TERM[t]}{w}": t for t in TERMS for w in ("不变", "保持不变", "始终不变")},
    prompt=f"三项中哪一项完全不依赖于学习器（在每个次数下都相同）？{zh_choice_list([_TERM[t] for t in TERMS], TERMS)}。",
    hint="哪一项的定义中根本不含 f(x; D)？",
    mistakes=[_M3[t] for t in TERMS if t != CONST],
    solve=_solve_3,
)

DEG, TRAIN12, E12, OPTS, WHERE = e._DEG, e._TRAIN12, e._E12, e._OPTS, e._WHERE
_OPT_ZH = {OPTS[0]: "低于噪声 ε²", OPTS[1]: "约等于噪声 ε²", OPTS[2]: "高于噪声 ε²"}


def _solve_4():
    st = lm.bias_variance.bias_variance_state(RES, DEG)
    return (f"{DEG} 次：偏差² = {st.bias2:.4f}，方差 = {st.variance:.4f}，噪声 = {st.noise:.4f}，和 = {st.total:.4f}，"
            f"模拟的 E(f;D) = {st.expected_error:.4f}，训练 MSE = {st.train_error:.4f}\n"
            f"噪声 ε² = σ² = {RES.noise:.4f}；{DEG} 次时的训练 MSE = {TRAIN12:.4f}：{_OPT_ZH[WHERE]}（'{WHERE}'）"
            "（约等于：在 ε² 的 0.8 到 1.25 倍之间）\n"
            f"穿过 20 个点的 {DEG} 次多项式会弯曲着去跟随这些点的噪声，所以它对自己训练标记的拟合甚至比真实函数还好"
            f"（真实函数在这些标记上的 MSE 平均为 ε²）；在新数据上它的期望误差是 {E12:.4f}。训练误差远低于噪声水平是过拟合的迹象（略低一点则不是：最小二乘拟合在任何次数下都会适应它自己的样本，真实的次数也一样）")


_M4 = {
    OPTS[0]: ("这里训练误差低于噪声，", "灵活的拟合连训练标记的噪声也一起跟随了。"),
    OPTS[1]: (f"真实函数在训练标记上的得分约为 ε²，但 {DEG} 次多项式并不是真实函数：", "它弯曲着从带噪声的标记附近穿过，在这些标记上比真实函数得分更低。"),
    OPTS[2]: ("期望误差大并不意味着训练误差大：", "12 次拟合紧贴着它们自己的训练点；它们的误差只在新数据上才显现。"),
}
translate(
    "09.4",
    choices=tuple(_OPT_ZH[o] for o in OPTS),
    aliases={**{w: OPTS[0] for w in ("低于噪声", "低于", "低于ε²", "小于噪声", "比噪声低", "比噪声小", "小于ε²")},
             **{w: OPTS[1] for w in ("约等于噪声", "约等于", "约等于ε²", "差不多", "接近噪声", "和噪声差不多", "接近ε²")},
             **{w: OPTS[2] for w in ("高于噪声", "高于", "高于ε²", "大于噪声", "比噪声高", "比噪声大", "大于ε²")},
             **{w: OPTS[0] for w in ("远低于噪声", "远低于", "小于", "远小于", "far below", "well below", "far below the noise")},
             **{w: OPTS[2] for w in ("远高于噪声", "远高于", "大于", "远大于", "far above", "well above", "far above the noise")}},
    prompt=f"先预测，再用探索器验证：在 {DEG} 次时，训练 MSE（在训练集本身上的误差）与噪声项 ε² = σ² = {RES.noise:.2f} "
           f"相比会在哪里？{zh_choice_list([_OPT_ZH[o] for o in OPTS], OPTS)}。"
           "“约等于”指在 ε² 的 0.8 到 1.25 倍之间。",
    hint="训练误差度量的是对模型所拟合的那些标记本身的拟合程度。",
    mistakes=[_M4[o] for o in OPTS if o != WHERE],
    solve=_solve_4,
)

translate(
    "09.5",
    prompt="用文字解释：为什么没有哪个学习器（无论多灵活、调得多好）的期望平方误差能低于噪声项 ε²（在本章的假设下）？",
    answer="对平方误差，在噪声均值为零且与训练集无关时，每个 x 处的期望误差都是 偏差² + 方差 + ε²。"
           "偏差² 是一个平方，方差是平方的平均，所以两者都不会为负；ε² = E[(y_D - y)²] 根本不含预测，所以任何学习器都改变不了它。"
           "因此这个和至少是 ε²：即使完美地预测出真实函数，在每个新标记上也会差出噪声那么多。"
           "学习器只能减小偏差² 和方差，而降低其中一个通常会抬高另一个。",
)
_ = lm

#: The English texts these translations follow: a fingerprint (SHA-256, first 10 hex digits) of each
#: English field, checked by tests/test_zh_in_step.py. When an English text changes, update its Chinese
#: here, then record the new fingerprint (the test's message gives it).
FOLLOWS = {
    '09.1': {'prompt': '189ecbb0b6', 'hint': '77202f7622', 'mistake 1': 'cdf4353c5c', 'mistake 2': '23b743e06b',
             'mistake 3': '34b3bd12af', 'mistake 4': 'd8f3a1bdcf', 'mistake 5': '7ed0e9380b',
             'solve': '2e1c408e69'},
    '09.2': {'prompt': '6a53f11e33', 'hint': '7b37aca054', 'mistake 1': 'f5619a890c', 'mistake 2': '61f905a9ba',
             'solve': '28354612fd'},
    '09.3': {'prompt': '29bb93916e', 'hint': 'b86d93b36e', 'mistake 1': 'eb15eb896d', 'mistake 2': 'b88490e06e',
             'solve': '79bccc0ddb'},
    '09.4': {'prompt': '758d440dbf', 'hint': '7244f7ec93', 'mistake 1': '6f5b5ba316', 'mistake 2': '8b361887d8',
             'solve': '99312121de'},
    '09.5': {'prompt': 'ee74fe259d', 'answer': '4482486652', 'key_points': '85d6e2fb45'},
}
