"""Chinese texts of chapter 07's exercises (the numbers are the English ones, from ch07)."""
from __future__ import annotations

import numpy as np

import learnmetrics as lm

from . import ch07 as e
from ._core import translate

Y, F, E, M = e._Y, e._F, e._E, e._M


def _signed(errors) -> str:
    t = ["0" if v == 0 else f"{v:+g}" for v in errors]
    return "、".join(t[:-1]) + " 和 " + t[-1] if len(t) > 1 else t[0]


def _solve_1(y, f):
    err = f - y
    sse = lm.residual_sum_of_squares(y, f)
    big = float(np.max(np.abs(err)))
    return (f"误差 f(x_i) - y_i = {err.tolist()}\n"
            f"平方误差 = {(err ** 2).tolist()}，它们的和 SSE = {sse:g}\n"
            f"MSE = SSE / m = {sse:g} / {len(y)} = {lm.mean_squared_error(y, f):.4f}\n"
            f"（MAE = {lm.mean_absolute_error(y, f):.4f}：大小为 {big:g} 的误差在 MSE 中计 {big ** 2:g}，在 MAE 中计 {big:g}；"
            f"带符号的误差 {_signed(err)} 之和为 {err.sum():g}：所以误差要平方或取绝对值）")


def _zh_1(made):
    y, f = made["data"]["y_true"], made["data"]["y_pred"]
    err = f - y
    return dict(
        prompt=f"四个样例的真实值 y = {y.tolist()}，预测值 f(x) = {f.tolist()}。均方误差（MSE）是多少？",
        mistakes=[
            ("这是误差平方和（SSE），", "MSE 还要除以样例数 m。"),
            ("这是平均绝对误差（MAE），", "MSE 先把每个误差平方再求平均。"),
            ("这是 MSE 的平方根（RMSE），", "去掉平方根：MSE 的单位是 y 的单位的平方。"),
            (f"这是带符号误差的均值：{_signed(err[err != 0])} {'相互抵消了' if err.sum() == 0 else '部分相互抵消了'}，", "先把每个误差平方，两个方向的误差才都算数。"),
        ],
        solve=lambda: _solve_1(y, f),
    )


translate("07.1", hint=f"把每个误差 f(x_i) - y_i 平方，加起来，再除以 m = {M}。", variants=_zh_1, **_zh_1(e._make_07_1(0)))


def _solve_2(y, f):
    sse, sst = lm.residual_sum_of_squares(y, f), lm.residual_sum_of_squares(y, np.full(len(y), y.mean()))
    return (f"y 的均值 = {y.mean():g}；SST = (y_i - 均值)² 之和 = {sst:g}\n"
            f"SSE = (y_i - f(x_i))² 之和 = {sse:g}\n"
            f"R² = 1 - SSE/SST = 1 - {sse:g}/{sst:g} = {lm.r2_score(y, f):.4f}\n"
            f"（y 与 f 的相关系数的平方是 {np.corrcoef(y, f)[0, 1] ** 2:.4f}：只有对带截距的最小二乘拟合、"
            "在它自己的训练数据上，它才等于 R²；这些预测并不是这样得到的）")


def _zh_2(made):
    y, f = made["data"]["y_true"], made["data"]["y_pred"]
    same = "同样这四个样例" if made["prompt"].startswith("Same") else "四个样例"
    return dict(
        prompt=f"{same}：y = {y.tolist()}，f(x) = {f.tolist()}。R² = 1 - SSE/SST 是多少？",
        mistakes=[
            ("这是 SSE/SST，即模型没有解释的那部分变差，", "R² 是 1 减去它。"),
            ("你用 MSE（一个均值）除以了 SST（一个和），", "用两个和 SSE 与 SST（或两个均值），不要一个和一个均值。"),
            ("你是围绕 0 计算总变差的，", "SST 是围绕 y 的均值计算的：基准模型预测的是均值。"),
            ("这是 y 与 f 的相关系数的平方，", "只有带截距的最小二乘拟合在其训练数据上它才等于 R²；请计算 1 - SSE/SST。"),
        ],
        solve=lambda: _solve_2(y, f),
    )


translate("07.2", hint="SST = (y_i - y 的均值)² 之和，SSE = (y_i - f(x_i))² 之和，R² = 1 - SSE/SST。", variants=_zh_2,
          **_zh_2(e._make_07_2(0)))

N8, P8, R28, A8 = e._N8, e._P8, e._R2_8, e._ADJ8


def _solve_3(y):
    r2, n, p = e._r2_line(y), len(y), P8
    adj = 1 - (1 - r2) * (n - 1) / (n - p - 1)
    return (f"n = {n}，p = {p} 个特征（截距不计入 p），R² = {r2:.4f}\n"
            f"调整 R² = 1 - (1 - R²)(n - 1)/(n - p - 1) = 1 - {1 - r2:.4f} × {n - 1}/{n - p - 1} = {adj:.4f}\n"
            f"笔记 004 不带 (n - 1) 的公式会给出 {1 - (1 - r2) / (n - p - 1):.4f}，比 R² 本身还大"
            "（只要 n - p - 1 > 1 且 R² < 1 就是如此）：它奖励了模型，而不是惩罚它")


def _zh_3(made):
    d = made["data"]
    y = d["y"]
    return dict(
        prompt=f"用最小二乘把一条直线（p = 1 个特征，加截距）拟合到 n = {len(y)} 个点 x = {d['x'].astype(int).tolist()}，"
               f"y = {y.astype(int).tolist()} 上，得到 R² = {d['r2']:.4f}。它的调整 R² 是多少？",
        mistakes=[
            ("这是笔记 004 的公式 1 - (1 - R²)/(n - p - 1)，", "少了因子 (n - 1)：1 - (1 - R²)(n - 1)/(n - p - 1)。"),
            ("你把截距也计入了 p（p = 2），", "p 只数特征；n - p - 1 中的 -1 就是截距。"),
        ],
        solve=lambda: _solve_3(y),
    )


translate("07.3", hint=f"调整 R² = 1 - (1 - R²)(n - 1)/(n - p - 1)，其中 n = {N8}，p = {P8}。", variants=_zh_3,
          **_zh_3(e._make_07_3(0)))

NC, RSS, DFIT, DAIC, DBIC = e._NC, e._RSS, e._DFIT, e._DAIC, e._DBIC


def _solve_4(n, rss, daic, dbic, dfit):
    return (f"AIC = n ln(RSS/n) + 2k，BIC = n ln(RSS/n) + k ln n；直线 k = 2，三次多项式 k = 4\n"
            f"拟合部分：n ln(RSS_3/n) - n ln(RSS_1/n) = {n} ln({rss[3]:.6g}/{rss[1]:.6g}) = {dfit:.2f}"
            "（对数里的 n 相互抵消）\n"
            f"ΔAIC = {dfit:.2f} + 2 × (4 - 2) = {daic:.2f}\n"
            f"ΔBIC = {dfit:.2f} + ln({n}) × (4 - 2) = {dfit:.2f} + {2 * np.log(n):.2f} = {dbic:.2f}\n"
            "两者都为负：两个准则都偏好三次多项式。k 不计截距或计入 σ²，两个模型的 k 同样平移，差值都不变")


def _zh_4(made):
    n, rss = made["data"]["n"], made["data"]["rss"]
    daic, dbic = made["answer"]
    dfit = n * np.log(rss[3] / rss[1])
    where = f"第 5 节的 n = {n} 个点" if "section 5 the" in made["prompt"] else \
        f"第 5 节那条曲线（y = x³ - x + 噪声）上新取的 n = {n} 个点"
    return dict(
        prompt=f"在{where}上，最小二乘直线（1 次，k = 2 个参数）留下 RSS = {rss[1]:.6g}，"
               f"三次多项式（3 次，k = 4）留下 RSS = {rss[3]:.6g}。取 AIC = n ln(RSS/n) + 2k，BIC = n ln(RSS/n) + k ln n，"
               "给出 (三次多项式的 AIC - 直线的 AIC, 三次多项式的 BIC - 直线的 BIC)。",
        mistakes=[
            ("两者对调了：", f"AIC 每个参数罚 2，BIC 罚 ln n（ln {n} = {np.log(n):.2f}），所以这里 BIC 的差值更大。"),
            ("这只是拟合部分 n ln(RSS_3/RSS_1)，", "再加上对多出的两个参数的惩罚：AIC 加 2 × 2，BIC 加 2 ln n。"),
            ("你在拟合部分用了 log10，", "这两个准则用的是自然对数 ln。"),
        ],
        solve=lambda: _solve_4(n, rss, daic, dbic, dfit),
    )


translate("07.4", hint="先算拟合部分之差 n ln(RSS_3/RSS_1)，再加上每个准则对 k 从 2 变为 4 的惩罚。", variants=_zh_4,
          **_zh_4(e._make_07_4(0)))

Q = e._QTAB


def _solve_5():
    rows = "\n".join(f"{d} 次：RSS = {Q.rss[d]:.4f}，R² = {Q.r2[d]:.4f}，"
                     f"调整 R² = {Q.adjusted_r2[d]:.4f}，Cp = {Q.cp[d]:.2f}" for d in range(len(Q.cp)))
    return (f"{rows}\n"
            f"Cp = RSS/σ̂² - n + 2k（k = p + 1 个系数，含截距），σ̂² = {Q.sigma2:.5f} 取自 8 次多项式：在 {e._CP_PICK} 次处最小。\n"
            f"R² 在 {e._R2_PICK} 次处最大（加一项它从不下降）；调整 R² 在 {e._ADJ_PICK} 次处最大："
            "在这里它对每个多出的参数罚得比 Cp 少")


translate(
    "07.5",
    prompt="先预测，再用探索器验证：25 个新的点来自 y = 1 - 2x² + 噪声（一条抛物线）。拟合次数为 0 到 8 的多项式。"
           "Mallows 的 C_p 会选哪个次数（C_p 最小的那个）？",
    hint="移动探索器的滑块，读出每个次数下的 C_p：最小的那个就是 C_p 的选择。",
    mistakes=[
        ("这是 R² 最大（RSS 最小）的次数，", "加一项，训练集上的 R² 从不下降；C_p 每个参数加 2，在某一项不再划算时停下。"),
        ("这是调整 R² 选的次数，", "在这里它对每个多出的项罚得比 C_p 少；请在探索器的读数中找到最小的 C_p。"),
    ],
    solve=_solve_5,
)

translate(
    "07.6",
    prompt="用文字解释：一个模型预测送货时间，误差每一分钟给公司造成的代价都一样，不论早到还是晚到、差 2 分钟还是 20 分钟。"
           "哪个度量与这种代价相符，MSE 还是 MAE？如果模型只能对每次送货预测同一个常数时间，这个度量会偏好哪个常数？",
    answer="MAE：与绝对误差成正比（线性，|f(x) - y|），和代价一样。"
           "MSE 把误差平方：20 分钟的误差算作 2 分钟的 100 倍而不是 10 倍，几次严重迟到就会主导模型的选择。"
           "中位数。MSE 会偏好均值，一次极端的延误就能把均值拉得很远；中位数却几乎不动。",
)

#: The English texts these translations follow: a fingerprint (SHA-256, first 10 hex digits) of each
#: English field, checked by tests/test_zh_in_step.py. When an English text changes, update its Chinese
#: here, then record the new fingerprint (the test's message gives it).
FOLLOWS = {
    '07.1': {'prompt': 'bbf8094979', 'hint': '116f9e30ac', 'mistake 1': '89afec6250', 'mistake 2': '77754ca844',
             'mistake 3': 'de29215b21', 'mistake 4': 'ca23ca5db6', 'solve': 'fc452d7730'},
    '07.2': {'prompt': '141ae781c9', 'hint': 'b08ef9f7f9', 'mistake 1': '52e033a6e8', 'mistake 2': 'd699e436d0',
             'mistake 3': '45e7525530', 'mistake 4': '450293724b', 'solve': '4757fded57'},
    '07.3': {'prompt': 'd21f6429ee', 'hint': '5c9986b22e', 'mistake 1': 'db8edfd708', 'mistake 2': 'b8fdc12b08',
             'solve': 'ea30db20e8'},
    '07.4': {'prompt': '4f31288f69', 'hint': 'e4c93df408', 'mistake 1': '3a6f4489d4', 'mistake 2': 'f870893731',
             'mistake 3': 'ae424f0a76', 'solve': '6aed5e07b0'},
    '07.5': {'prompt': '3ec16d24d9', 'hint': '6e39516ddc', 'mistake 1': 'f4ede759c0', 'mistake 2': '029bb8b6b5',
             'solve': 'c8574f0bce'},
    '07.6': {'prompt': '96c5497f3d', 'answer': '03606b3b78', 'key_points': '535856b344'},
}
