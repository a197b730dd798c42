"""The book's exercises 2.1-2.10 (notebook 12): the helpers of learnmetrics.book, the
registered exercises 12.1-12.10 against independent computations, and the notebook's
exercise cells against the registry."""
import itertools
import json
import math
from pathlib import Path

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import book
from learnmetrics.exercises import EXERCISES, check

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "12_book_exercises.ipynb"


# -- holdout_split_count ---------------------------------------------------------------------------
@pytest.mark.parametrize("n_pos,n_neg,train", [(3, 3, 2 / 3), (4, 2, 0.5), (5, 5, 0.6), (2, 4, 0.5)])
def test_split_count_matches_enumeration(n_pos, n_neg, train):
    y = [1] * n_pos + [0] * n_neg
    m = len(y)
    s = round(train * m)
    strat = plain = 0
    for train_set in itertools.combinations(range(m), s):
        plain += 1
        pos = sum(y[i] for i in train_set)
        strat += pos == round(train * n_pos) and s - pos == round(train * n_neg)
    assert book.holdout_split_count(n_pos, n_neg, train) == strat
    assert book.holdout_split_count(n_pos, n_neg, train, stratify=False) == plain


def test_split_count_of_the_book_is_exact():
    c = book.holdout_split_count(500, 500, 0.7)
    assert isinstance(c, int) and c == math.comb(500, 350) ** 2 and len(str(c)) == 263
    assert book.holdout_split_count(500, 500, 0.3) == c          # choosing the test set instead: same count


def test_split_count_bad_arguments():
    with pytest.raises(ValueError, match="whole number"):
        book.holdout_split_count(5, 5, 0.33)
    with pytest.raises(ValueError, match="train_size"):
        book.holdout_split_count(5, 5, 1.5)
    with pytest.raises(TypeError, match="n_pos"):
        book.holdout_split_count(5.0, 5, 0.5)
    with pytest.raises(TypeError, match="stratify"):
        book.holdout_split_count(5, 5, 0.4, stratify="yes")
    with pytest.raises(ValueError, match="n_neg"):
        book.holdout_split_count(5, 10**7, 0.5)


# -- f1_bep_counterexample ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 2, 7])
def test_counterexample_is_one(seed):
    ce = book.f1_bep_counterexample(rng=seed)
    for s, f1, bep in ((ce.score_a, ce.f1_a, ce.bep_a), (ce.score_b, ce.f1_b, ce.bep_b)):
        pred = (s >= ce.threshold).astype(int)
        assert lm.f1_score(ce.y_true, pred) == pytest.approx(f1)
        assert lm.break_even_point(ce.y_true, s).value == pytest.approx(bep)
        assert len(np.unique(s)) == len(s)                     # a strict ranking, no ties
    assert ce.f1_a - ce.f1_b >= 0.1 and ce.bep_b - ce.bep_a >= 0.1 and ce.f1_b > 0
    again = book.f1_bep_counterexample(rng=seed)
    assert np.array_equal(again.score_a, ce.score_a) and again.tries == ce.tries


def test_counterexample_search_is_bounded_and_checked():
    with pytest.raises(RuntimeError, match="no pair"):
        book.f1_bep_counterexample(1, 1, min_gap=0.9, max_tries=50)
    with pytest.raises(ValueError, match="max_tries"):
        book.f1_bep_counterexample(max_tries=10**7)
    with pytest.raises(ValueError, match="min_gap"):
        book.f1_bep_counterexample(min_gap=1.0)
    with pytest.raises(ValueError, match="n_pos"):
        book.f1_bep_counterexample(0, 5)
    with pytest.raises(ValueError, match="1000"):
        book.f1_bep_counterexample(600, 600)


# -- the two normalisations ---------------------------------------------------------------------------
def test_normalisations_match_scikit_learn():
    from sklearn.preprocessing import MinMaxScaler, StandardScaler

    x = np.random.default_rng(0).normal(3, 2, 40)
    assert np.allclose(book.min_max_scale(x), MinMaxScaler().fit_transform(x[:, None]).ravel())
    assert np.allclose(book.min_max_scale(x, new_min=-1, new_max=2),
                       MinMaxScaler(feature_range=(-1, 2)).fit_transform(x[:, None]).ravel())
    assert np.allclose(book.z_score(x), StandardScaler().fit_transform(x[:, None]).ravel())
    assert np.allclose(book.z_score(x, ddof=1), (x - x.mean()) / x.std(ddof=1))


def test_normalisations_refuse_bad_input():
    with pytest.raises(ValueError, match="distinct"):
        book.min_max_scale([3, 3, 3])
    with pytest.raises(ValueError, match="distinct"):
        book.z_score([1.0, 1.0])
    with pytest.raises(ValueError, match="new_min"):
        book.min_max_scale([1, 2], new_min=1, new_max=0)
    with pytest.raises(ValueError, match="x"):
        book.min_max_scale([1, np.nan])
    with pytest.raises(ValueError, match="ddof"):
        book.z_score([1, 2], ddof=2)


# -- error rate of a ROC point; cost curve back to ROC -------------------------------------------------
def test_roc_point_error_rate_is_the_error_of_the_cut():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 60)
    s = np.round(rng.random(60), 1)
    fpr, tpr, thr = lm.roc_curve(y, s, drop_intermediate=False)
    p = y.mean()
    for a, b, t in zip(fpr, tpr, thr):
        e = book.roc_point_error_rate(a, b, p)
        assert e == pytest.approx(lm.error_rate(y, (s >= t).astype(int)))
        assert e == pytest.approx(lm.normalized_cost(a, 1 - b, p, 1, 1))
    with pytest.raises(ValueError, match="fpr"):
        book.roc_point_error_rate(1.2, 0.5, 0.5)


@pytest.mark.parametrize("seed", range(6))
def test_cost_curve_gives_back_the_hull(seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, 40)
    y[:2] = [0, 1]
    s = rng.random(40) + 0.3 * y
    fpr, tpr, _ = lm.roc_curve(y, s)
    env = lm.cost_curve_envelope(fpr, tpr)
    bf, bt = book.roc_from_cost_curve(env.x_breaks, env.cost_breaks)
    hf, ht = lm.roc_convex_hull(fpr, tpr)
    back = {(round(float(a), 9), round(float(b), 9)) for a, b in zip(bf, bt)}
    hull = {(round(float(a), 9), round(float(b), 9)) for a, b in zip(hf, ht)}
    assert back <= hull                                        # every piece is a hull vertex
    assert hull - {(0.0, 0.0), (1.0, 1.0)} <= back             # every vertex but the corners has a piece


def test_roc_from_cost_curve_refuses_bad_breaks():
    with pytest.raises(ValueError, match="increasing"):
        book.roc_from_cost_curve([0, 0.5, 0.5, 1], [0, 0.2, 0.2, 0])
    with pytest.raises(ValueError, match="same length"):
        book.roc_from_cost_curve([0, 1], [0, 0.5, 0])


# -- the registered exercises against independent computations ----------------------------------------
def test_exercise_answers_by_other_routes():
    assert EXERCISES["12.1"].answer == len(str(math.comb(500, 350) ** 2))
    # 12.2: leave-one-out by hand: the left-out example's class is always the training minority
    y = np.repeat([0, 1], 50)
    wrong = [np.bincount(np.delete(y, i)).argmax() != y[i] for i in range(100)]
    assert EXERCISES["12.2"].answer == pytest.approx(np.mean(wrong))
    c = EXERCISES["12.4"].data
    tp = c["R"] * c["m_pos"]
    assert EXERCISES["12.4"].answer == pytest.approx(tp * (1 - c["P"]) / c["P"] / c["m_neg"])
    from sklearn.metrics import roc_auc_score

    d = EXERCISES["12.5"].data
    assert EXERCISES["12.5"].answer == pytest.approx(1 - roc_auc_score(d["y_true"], d["y_score"]))
    r = EXERCISES["12.10"].data["ranks"]
    n, k = r.shape
    chi2 = 12 * n / (k * (k + 1)) * (np.sum(r.mean(axis=0) ** 2) - k * (k + 1) ** 2 / 4)
    assert EXERCISES["12.10"].answer == pytest.approx((n - 1) * chi2 / (n * (k - 1) - chi2))
    assert check("12.3", "no").correct and check("12.3", "yes").status == "mistake"


# -- the notebook ---------------------------------------------------------------------------------------
def _cells():
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    return [(c["cell_type"], "".join(c["source"])) for c in nb["cells"]]


def test_notebook_states_every_exercise_as_registered():
    cells = _cells()
    for n in range(1, 11):
        eid = f"12.{n}"
        i = next(i for i, (t, s) in enumerate(cells) if t == "markdown" and s.startswith(f"**Exercise {eid}** ·"))
        assert cells[i][1] == f"**Exercise {eid}** · {EXERCISES[eid].prompt}"
        learner, sol = cells[i + 1], cells[i + 2]
        assert learner[0] == "code" and learner[1].startswith("answer = ...")
        assert f'check("{eid}", answer)' in learner[1]
        assert sol == ("code", f'solution("{eid}")')
        assert any(t == "markdown" and s.startswith(f"## 2.{n} ·") for t, s in cells)


def test_notebook_example_answers_are_not_known_mistakes():
    """The 'e.g.' in a learner's cell must not be a right answer or a listed mistake
    (a choice exercise names its options instead)."""
    cells = _cells()
    for n in range(1, 11):
        eid = f"12.{n}"
        if EXERCISES[eid].kind == "choice":
            continue
        src = next(s for t, s in cells if t == "code" and f'check("{eid}", answer)' in s)
        example = eval(src.split("e.g.", 1)[1].split("\n")[0].strip())  # noqa: S307 (our own notebook)
        assert check(eid, example).status in ("wrong", "close"), (eid, example)


# -- the book's own statements (issue 29) ------------------------------------------------------------
# 2.1-2.9 read off the pictures of the book's page in PnYuan/Machine-Learning_ZhouZhihua
# (ch2_model_evaluation_and_selection/Ch2/2.N.png, commit fbd00f1) and compared with the typed copy in
# hanmq/MachineLearning_Zhouzhihua_ProblemSets (ch2--模型评估与选择/ch2习题.md); 2.10 is the typed copy.
BOOK_STATEMENTS = {
    "2.1": "数据集包含 1000 个样本，其中 500 个正例、500 个反例，将其划分为包含 70% 样本的训练集和 30% 样本的测试集用于留出法评估，试估算共有多少种划分方式。",
    "2.2": "数据集包含 100 个样本，其中正、反例各一半，假定学习算法所产生的模型是将新样本预测为训练样本数较多的类别（训练样本数相同时进行随机猜测），试给出用 10 折交叉验证法和留一法分别对错误率进行评估所得的结果。",
    "2.3": "若学习器 A 的 F1 值比学习器 B 高，试析 A 的 BEP 值是否也比 B 高。",
    "2.4": "试述真正例率（TPR）、假正例率（FPR）与查准率（P）、查全率（R）之间的联系。",
    "2.5": "试证明式（2.22）。",
    "2.6": "试述错误率与 ROC 曲线的联系。",
    "2.7": "试证明任意一条 ROC 曲线都有一条代价曲线与之对应，反之亦然。",
    "2.8": "Min-max 规范化和 z-score 规范化是两种常用的规范化方法。令 $x$ 和 $x'$ 分别表示变量在规范化前后的取值，"
           "相应的，令 $x_{min}$ 和 $x_{max}$ 表示规范化前的最小值和最大值，$x'_{min}$ 和 $x'_{max}$ 表示规范化后的最小值和最大值，"
           "$\\bar x$ 和 $\\sigma_x$ 分别表示规范化前的均值和标准差，则 min-max 规范化、z-score 规范化分别如式（2.43）和（2.44）所示。"
           "试析二者的优缺点。",
    "2.9": "试述 χ² 检验过程。",
    "2.10": "试述 Friedman 检验中使用式（2.34）和（2.35）的区别。",
}


def _sections():
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    out = {}
    for cell in nb["cells"]:
        src = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and src.startswith("## 2."):
            out[src.split(" ", 2)[1]] = src
    return nb, out


def test_notebook_quotes_the_books_statements_with_their_source():
    nb, sections = _sections()
    assert sorted(sections, key=lambda k: int(k.split(".")[1])) == list(BOOK_STATEMENTS)
    for number, statement in BOOK_STATEMENTS.items():
        quote = [line[2:] for line in sections[number].splitlines() if line.startswith("> ")]
        assert quote[0] == statement, number
        source = quote[-1]
        assert source.startswith(f"— 西瓜书习题 {number}（"), number
        if number == "2.10":
            assert "文字转录" in source and "未能与书页核对" in source
        else:
            assert f"`Ch2/{number}.png`" in source, number
    intro = "".join(nb["cells"][0]["source"])
    for named in ("PnYuan/Machine-Learning_ZhouZhihua", "ch2_model_evaluation_and_selection/Ch2/2.1.png",
                  "hanmq/MachineLearning_Zhouzhihua_ProblemSets", "ch2--模型评估与选择/ch2习题.md", "题目原文的来源"):
        assert named in intro, named
    # the shortened / reworded wordings of the typed copy are gone from the quotes
    for old in ("Min-max 规范化和z-score 规范化的优缺点", "简述 χ² 检验过程", "试证明(2.22)AUC=1−lrank"):
        assert all(old not in line for s in sections.values() for line in s.splitlines() if line.startswith(">"))
