"""The key terms of each key point of the open exercises, in both languages (issue: the ticks of an
open answer).

An open answer is not graded: :func:`check` lists the model answer's key points and ticks those whose
key terms the learner's words name. Each point is a tuple of *terms*; a term is a ``|``-separated list
of spellings, English and Chinese side by side (the glossary's synonyms both ways: 阈值/截断点/threshold/
cut), so an answer written in either language is read with both. A point is ticked when every one of
its terms is named, and not only right after a negation ("not optimistic", "不乐观"). An English
spelling matches at the start of a word ("optimis" matches "optimistic" and "optimism"); a spelling of
three characters or fewer must also end where a word ends ("ap" is not "apply"); a Chinese spelling
matches anywhere, spaces ignored. ``POINTS_EN`` gives the English key points where the model answer's
sentences are not the same points as the Chinese ones (01.5: one English sentence holds three points).
"""
from __future__ import annotations

_TEST = "test set|test data|test error|test fold|测试集|测试数据|测试误差"
_CHOOSE = "choos|chose|select|pick|tune|tuning|tuned|pick|选|调参|挑"
_CUT = "threshold|cut|cutoff|cut point|阈值|截断点|截断|门限"
_NEW = "new patient|unseen patient|patients it has not seen|新病人|新的病人|新患者|没见过的病人"

KEY_TERMS: dict[str, tuple[tuple[str, ...], ...]] = {
    "01.5": (
        (_TEST, _CHOOSE, "optimis|too low|underestimat|biased|偏乐观|乐观|偏低|低估|偏小"),
        ("validation|cross valid|cv|验证集|验证数据|交叉验证", _CHOOSE),
        (_TEST, "once|one time|a single time|untouched|unused|一次|未动用|没动过|没有用过"),
        ("all of d|all the data|all data|whole data|full data|entire data|all of the data|全部 d|全部数据|所有数据|"
         "整个数据|全部的数据", "train|retrain|fit|fits|fitting|fitted|refit|训练|拟合"),
    ),
    "02.7": (
        ("every payment honest|all honest|always honest|always predict|everything honest|all payments honest|"
         "every payment as honest|never flag|calls every|predicts every|trivial|全判为正常|都判为正常|判为正常|全部判为正常|"
         "全预测为正常|都预测为正常|平凡模型", "accura|99.9|精度|准确率"),
        ("recall|precision|f1|confusion|查全率|查准率|召回率|精确率|混淆矩阵",),
    ),
    "03.6": (
        (_CUT, "fixed|fix|set|chosen|定下|固定|确定|选定|定好"),
        ("score|scoring|rank|分数|打分|排序|得分", _CUT),
        ("each cut|every cut|each threshold|every threshold|different classifier|another classifier|"
         "每个截断点|每个阈值|每一个阈值|不同的分类器|每个截断|不同阈值|不同的阈值", "point|(r, p)|(r,p)|pair|点"),
        ("curve|曲线", "choos|select|pick|选"),
    ),
    "04.6": (
        ("within one class|within a class|one class|each class|own class|single class|一个类别|同一类|各自|单个类别|类内|"
         "类别内|一类", "tpr|fpr|rate|率"),
        ("ten|10|十", "fpr does not change|fpr is unchanged|unchanged|stays|does not change|doesn't change|cancel|"
         "same|不变|抵消|没变|相同"),
        ("precision|查准率|精确率", "fall|drop|decreas|lower|smaller|下降|降低|变小|减小|变低"),
        ("class ratio|ratio|proportion|balance|imbalanc|prior|比例|不平衡|类别比", "roc"),
    ),
    "05.6": (
        ("only through|only on|depends only|only one number|single number|one number|只通过|只依赖|只取决|一个数|仅依赖",
         "p(+)cost|pcost|p(+) cost|x"),
        ("0.5|1/2|half|一半", "offset|cancel|compensat|balance|抵消|抵偿|平衡|弥补"),
        ("same|同一个|相同|一样", _CUT),
        ("money|expected cost|金额|期望代价|钱", "differ|不同|不一样"),
    ),
    "06.8": (
        ("precision|recall|查准率|查全率|召回率", "which documents|not where|order|set|same ten|same documents|哪些文档|"
         "不问|顺序|同样的十篇|相同的十篇|排在哪里"),
        ("ap|average precision|平均精度|平均查准率", "rank|position|位次|位置|排在|排名"),
        ("same rank|same position|位次相同|相同位次|同样的位次|位置相同|相同的位置", "ap|average precision|平均精度"),
    ),
    "07.6": (   # MAE, in proportion / MSE squares, a few large errors dominate / a median / the mean drags
        ("mae|mean absolute|absolute error|平均绝对误差|绝对误差",),
        ("mse|squared|square|平方", "100|dominat|outlier|large error|much more|主导|大误差|严重|极端"),
        ("median|中位数",),
        ("mean|均值|平均数|平均值", "extreme|drag|outlier|pull|极端|拉|拖"),
    ),
    "08.8": (
        ("p value|p = 0.4|0.4195|large p|high p|p值|p 值|p=0.4",
         "not evidence|no evidence|does not show|doesn't show|does not prove|doesn't prove|cannot conclude|"
         "can't conclude|not prove|absence of evidence|unsurprising|not surprising|not mean|doesn't mean|does not mean|不是证据|不能说明|不能证明|"
         "不说明|并不说明|不代表|不等于|不意味|不令人意外|不意外"),
        ("power|too few|small sample|few folds|sample size|small test|功效|折数少|样本少|检验力|效力|样本太少|折数太少",),
        ("no significant|not significant|not detected|no difference was detected|没有检测到|不显著|没有显著|未检测到",),
    ),
    "09.5": (
        ("bias|偏差", "variance|方差", "noise|ε|epsilon|噪声"),
        ("non negative|nonnegative|never negative|neither can be negative|cannot be negative|can't be negative|≥ 0|>= 0|at least 0|不会为负|"
         "非负|不为负|不能为负|不小于 0|≥0",
         "no prediction|does not depend|doesn't depend|independent of|no learner|cannot change|can't change|"
         "cannot reduce|can't reduce|不含预测|改变不了|与学习器无关|无法减小|不依赖|减小不了|无法改变|不能改变|无关"),
        ("at least|lower bound|floor|≥|至少|下界|不低于|不会低于", "noise|ε|epsilon|噪声"),
        ("reduce|lower|decreas|减小|降低|减少", "trade|raises the other|the other|另一个|权衡|此消彼长|抬高"),
    ),
    "10.6": (
        ("coin|chance|random guess|0.5|硬币|随机|瞎猜", "better|above|beat|强|好于|高于|之上|优于"),
        ("cannot tell how|can't tell how|not precise|imprecise|wide|±0.2|+ 0.2|0.2|three digits|说明不了|精确不到|"
         "很宽|宽|不精确|三位数",),
        ("more test|more examples|more data|more melons|larger test|bigger test|more samples|更多",),
    ),
    "11.5": (
        ("ece|calibrat|校准", "0|zero|零|perfect|完美"),
        ("auc", "0.5|1/2|一半"),
        ("separat|discriminat|rank|分开|区分|排序|分辨", "calibrat|校准"),
        ("both|两者|都要|as well", "resolution|discriminat|separat|rank|auc|分辨|区分|排序"),
    ),
    "13.6": (
        ("same patient|seen|recogni|memori|remember|同一病人|同一位病人|同一个病人|同一名病人|同一患者|同一个患者|见过|认出|"
         "记住|认得", "train|训练", "test|测试"),
        ("group|分组|按病人", "one fold|same fold|single fold|一折|同一折|一个折|" + _NEW),
        (_NEW,),
    ),
    "14.6": (
        (_CUT, "fit|fits|fitting|fitted|train|learn|adapt|拟合|训练|适应|学习"),
        (_TEST, "optimis|biased|overestimat|too high|偏乐观|乐观|高估|偏高"),
        ("out of fold|oof|折外|cross valid|交叉验证", "did not see|didn't see|not seen|unseen|new customer|untouched|"
         "没有见过|没见过|新客户|不动|未动用|诚实"),
    ),
}

#: English key points where the model answer's sentences are not the Chinese points one by one (each is
#: a piece of the model answer; tests/test_exercise_verdicts_round3.py holds them to it)
POINTS_EN: dict[str, tuple[str, ...]] = {
    "01.5": (
        "The test set was used to make a choice, so it is no longer independent of the model: the smallest of "
        "seven noisy test errors tends to be lower than the error of the chosen setting on new data, so the "
        "reported error is optimistic.",
        "Choose l2 on validation data instead (a split of the training data, or cross-validation inside it),",
        "retrain with the chosen l2 on the whole training part, measure the error once on the untouched test set,",
        "and finally train the delivered model on all of D.",
    ),
}
