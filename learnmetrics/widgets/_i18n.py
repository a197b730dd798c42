"""The language of the explorers' text read-outs: English (default) or Chinese.

The read-outs are HTML, so Chinese needs no font on the learner's machine; the
figures keep their English labels. Chinese read-outs use the terms of the book
(周志华《机器学习》第 2 章): 真正例 TP, 查准率 P, 查全率 R, 真正例率 TPR, 假正例率 FPR,
精度 (accuracy), 留出法, 自助法, 归一化代价, 偏差, 方差 ...

>>> from learnmetrics import widgets
>>> widgets.set_language("zh")   # read-outs written from now on are in Chinese
>>> widgets.get_language()
'zh'
>>> widgets.set_language("en")   # back to English (the default)

An explorer already on screen rewrites every read-out at once (those drawn
ahead too), unless it has a language of its own (``Explorer.set_language``). In English every read-out is exactly as before the
switch existed: the Chinese text is a separate template, never a rewrite of
the English one.
"""
from __future__ import annotations

# the course's one switch (learnmetrics.set_language) is learnmetrics._language: the explorers read
# and set the same state (set_language, get_language, is_chinese, using are that module's)
from .._language import (  # noqa: F401
    LANGUAGES, _current, _listeners, get_language, is_chinese, set_language, using,
)

#: English term of a read-out -> the book's Chinese term (the symbol kept where the book uses one)
TERMS = {
    "TP": "真正例 TP",
    "FP": "假正例 FP",
    "FN": "假反例 FN",
    "TN": "真反例 TN",
    "precision": "查准率 P",
    "recall": "查全率 R",
    "TPR": "真正例率 TPR",
    "FPR": "假正例率 FPR",
    "TNR": "真反例率 TNR",
    "FNR": "假反例率 FNR",
    "specificity": "特异度",
    "accuracy": "精度",
    "error rate": "错误率",
    "threshold": "阈值",
    "cut": "截断点",
    "score": "分数",
    "positive": "正例",
    "negative": "反例",
    "undefined": "无定义",
    "best": "最佳",
    "weight on recall": "查全率的权重",
    # chapter 01: evaluation methods (book 2.2)
    "hold-out": "留出法",
    "cross-validation": "交叉验证",
    "fold": "折",
    "bootstrap": "自助法",
    "stratified": "分层采样",
    "test share": "测试集比例",
    "examples": "个样例",
    "mean estimate": "估计的均值",
    "true error": "真实误差",
    "estimate bias": "估计的偏差",
    "sd": "标准差",
    "RMSE": "均方根误差 RMSE",
    "out-of-bag": "包外",
    "yes": "是",
    "no": "否",
    # chapter 05: cost curves (book 2.3.4)
    "prior": "正例概率 p",
    "P(+)cost": "正例概率代价 P(+)cost",
    "normalized cost": "归一化代价 cost_norm",
    "total cost": "总代价",
    "iso-cost slope": "等代价线的斜率",
    # chapter 06: ranking
    "order": "排序",
    "relevant": "相关",
    "precision@k": "查准率 P",
    "recall@k": "查全率 R",
    "AP": "平均查准率 AP",
    "reciprocal rank": "倒数排名 RR",
    "CG": "累计增益 CG",
    "DCG": "折损累计增益",
    # chapter 07: regression
    "degree": "多项式次数",
    "parameters": "个参数",
    "MSE": "均方误差 MSE",
    "R2": "决定系数 R<sup>2</sup>",
    "adjusted R2": "调整 R<sup>2</sup>",
    # chapter 08: comparing learners (book 2.4)
    "true difference": "两个学习器错误率的真实差",
    "null distribution": "原假设下的分布",
    "critical value": "临界值",
    "type I error": "第一类错误率（误报的比例）",
    "power": "检验功效（检出比例）",
    # chapter 09: bias and variance (book 2.5)
    "bias": "偏差",
    "variance": "方差",
    "noise": "噪声",
    "generalization error": "泛化误差",
    "training error": "训练误差",
    # chapters 10-11: uncertainty and calibration
    "data set": "数据集",
    "confidence interval": "置信区间",
    "coverage": "覆盖率",
    "temperature": "温度",
    "Brier score": "Brier 分数",
    "log loss": "对数损失",
    "ECE": "期望校准误差 ECE",
    "bins": "个分箱",
}


#: the explorers' control labels (slider descriptions, buttons) -> Chinese
LABELS = {
    "threshold": "阈值", "cut k": "截断点 k", "β": "β", "test share": "测试集比例",
    "stratified (分层采样)": "分层采样", "k": "k", "repeats p": "重复次数 p", "m": "m",
    "cost01:cost10": "cost01:cost10", "p = P(+)": "p = P(+)", "gain": "增益", "up": "上移", "down": "下移",
    "shuffle": "打乱", "ideal": "理想排序", "model": "模型排序", "worst": "最差排序", "degree": "多项式次数",
    "folds k": "折数 k", "true diff.": "真实差", "n": "n", "data set": "数据集", "temperature T": "温度 T",
    "positives π": "正例比例 π", "target precision": "目标查准率",
    "features kept": "保留的特征数",
}

#: what an explorer's view says while a frame is being drawn
WAITING = {"en": "drawing this frame ...", "zh": "正在绘制这一帧……"}

#: the line under a figure that says where it can be pressed or dragged (a hit region's tip)
TIPS = {
    "press or drag on the score axis to move the threshold": "在分数轴上点按或拖动，可移动阈值",
    "press or drag on the ranked list to move the cut": "在排序列表上点按或拖动，可移动截断点",
    "press or drag on the ranked list to move the cut-off k": "在排序列表的柱条上点按或拖动，可移动截断位置 k",
}


def tip(english: str, language: str) -> str:
    """A hit region's tip in ``language`` (the English tip where no translation is listed)."""
    return TIPS.get(english, english) if language == "zh" else english


def relabel(controls, language: str) -> None:
    """Give each control (an ipywidget with a ``description``) its label in ``language``; the
    English label is kept on the control (``_lm_label_en``) so that switching back restores it."""
    for control in controls:
        english = getattr(control, "_lm_label_en", None)
        if english is None:
            english = getattr(control, "description", None)
            if not isinstance(english, str) or not english:
                continue
            try:
                control._lm_label_en = english
            except Exception:  # pragma: no cover - a widget refusing new attributes
                continue
        want = LABELS.get(english, english) if language == "zh" else english
        if control.description != want:
            control.description = want


def term(english: str) -> str:
    """The read-out's word for ``english`` in the current language."""
    return TERMS[english] if is_chinese() else english




def on_change(callback) -> None:
    """Call ``callback()`` after every ``set_language`` (the explorers on screen rewrite their
    read-outs at once)."""
    _listeners.append(callback)
