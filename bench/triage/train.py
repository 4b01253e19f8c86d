#!/usr/bin/env python3
"""Train the reply-act model (rules/acts.model, lkpbot-rules(5) ACT MODEL)
from the labelled replies, and say how well it does on lists it was not
trained on.  Python 3 standard library only.

USAGE
    # 1. the features, made by lkpbot itself (bot/triage/actmodel.c):
    #    import labelled lists' reports/ and replies/ into one database,
    #    then:  lkpbot -c CONF triage --features FEATURES.tsv
    #    (bench/triage/features.sh FEATURES.tsv does both)
    # 2. leave-one-list-out figures over the tuning lists:
    python3 train.py FEATURES.tsv --lolo
    # 3. the shipped model, trained on every tuning list:
    python3 train.py FEATURES.tsv --out ../../rules/acts.model
    # with the sets already measured (features.sh OUT.tsv SET...):
    python3 train.py FEATURES.tsv --spent --set unseen ... --loso

The split (which lists are tuning, which are test) is split.tsv; test
lists are never read here, unless --spent says that their one
measurement is done (then they are read like tuning lists). --set DIR
adds a later set (a folder here) whose measurement is done, every list
of it; --loso leaves one set out at a time (the main lists one set) and
prints the figures a new set would get.  The model is multinomial logistic regression
over the features lkpbot writes (presence, not counts), trained by
AdaGrad with L2, a reply with two acts counting half for each; features
seen in fewer than --min-count training replies are left out.  It is
written sorted by feature name, weights rounded, near-zero rows dropped.

The decision lkpbot makes from it (bot/triage/triage.c, weigh_events):
the model's act when its probability is at least --take (default 0.5),
else the rules' acts; --lolo prints both alone and that blend.
"""
import argparse, collections, glob, math, os, random, sys

ACTS = ["discussion", "acknowledges", "proposes-fix", "fix-applied",
        "asks-retest", "series-compare-request", "asks-more-data",
        "robot-confirms-fix", "robot-retest-result", "closes-not-a-bug"]
EV_ACT = {
    "ack": "acknowledges", "fix-proposed": "proposes-fix",
    "fix-applied": "fix-applied", "retest-request": "asks-retest",
    "series-compare-request": "series-compare-request",
    "more-data-request": "asks-more-data", "fix-confirmed": "robot-confirms-fix",
    "fix-partial": "robot-retest-result", "fix-no-effect": "robot-retest-result",
    "retest-failed": "robot-retest-result", "data-provided": "robot-retest-result",
    "dispute": "closes-not-a-bug", "close": "closes-not-a-bug",
}
STATE = {"proposes-fix", "fix-applied", "robot-confirms-fix", "closes-not-a-bug"}
K = len(ACTS)


def read_labels(path, feats, out):
    lines = open(path, encoding="utf-8").read().splitlines()
    cols = lines[0].split("\t")
    for l in lines[1:]:
        r = dict(zip(cols, l.split("\t")))
        if r["message_id"] in feats:
            out.append((r["message_id"], feats[r["message_id"]],
                        r["acts"].split("+"), r.get("alt", "")))


def load(here, features_path, spent=False, sets=()):
    """{list: [(mid, feats, acts, alt)]}; a later set's lists are named
    SET/LIST."""
    split = dict(l.rstrip("\n").split("\t") for l in open(os.path.join(here, "split.tsv")) if l.strip())
    feats = {}
    for line in open(features_path, encoding="utf-8", errors="replace"):
        mid, _, f = line.rstrip("\n").partition("\t")
        feats[mid] = sorted(set(f.split()))
    data = collections.defaultdict(list)
    for lst, kind in split.items():
        p = os.path.join(here, "labels", lst + ".tsv")
        if (kind == "tuning" or spent) and os.path.exists(p):
            read_labels(p, feats, data[lst])
    for s in sets:
        for p in sorted(glob.glob(os.path.join(here, s, "labels", "*.tsv"))):
            read_labels(p, feats, data[s + "/" + os.path.basename(p)[:-4]])
    return {k: v for k, v in data.items() if v}


def train(samples, epochs, l2, lr, min_count, seed):
    count = collections.Counter(f for _, fs, _, _ in samples for f in fs)
    vocab = {f: i for i, f in enumerate(sorted(f for f, c in count.items() if c >= min_count or f == "bias"))}
    W = [[0.0] * K for _ in vocab]
    G = [[1e-8] * K for _ in vocab]
    xs = []
    for _, fs, acts, _ in samples:
        idx = [vocab[f] for f in fs if f in vocab]
        for a in acts:
            xs.append((idx, ACTS.index(a), 1.0 / len(acts)))
    rnd = random.Random(seed)
    n = len(xs)
    for _ in range(epochs):
        rnd.shuffle(xs)
        for idx, y, wt in xs:
            z = [0.0] * K
            for i in idx:
                wi = W[i]
                for k in range(K):
                    z[k] += wi[k]
            m = max(z)
            e = [math.exp(v - m) for v in z]
            s = sum(e)
            g = [wt * (e[k] / s - (1.0 if k == y else 0.0)) for k in range(K)]
            for i in idx:
                wi, gi = W[i], G[i]
                for k in range(K):
                    d = g[k] + l2 * wi[k] / n * len(idx)
                    gi[k] += d * d
                    wi[k] -= lr * d / math.sqrt(gi[k])
    return {f: W[i] for f, i in vocab.items()}


def predict(model, fs):
    z = [0.0] * K
    for f in fs:
        w = model.get(f)
        if w:
            for k in range(K):
                z[k] += w[k]
    m = max(z)
    e = [math.exp(v - m) for v in z]
    s = sum(e)
    p = [v / s for v in e]
    best = max(range(K), key=lambda k: p[k])
    return ACTS[best], p[best]


def rule_acts(fs):
    got = {EV_ACT[f[3:]] for f in fs if f.startswith("ev=") and f[3:] in EV_ACT}
    return got or {"discussion"}


def decide(model, fs, take):
    act, p = predict(model, fs)
    if p >= take:
        return {act}, p
    return rule_acts(fs), p


SAYS = {"acknowledges", "proposes-fix", "fix-applied", "asks-retest",
        "asks-more-data", "closes-not-a-bug"}
DROPS = {"acknowledges", "proposes-fix", "fix-applied", "closes-not-a-bug"}


def word(model, fs, take, fill):
    """What lkpbot decides (bot/triage/prepare.c, model_word): the
    model's act when at least take probable, else the rules' acts, else
    (the rules found none) the model's when at least fill probable; the
    LKP team's words and acts the model may not say alone go to the
    rules."""
    rules = rule_acts(fs)
    act, p = predict(model, fs)
    if "role=lkp" in fs or (act not in SAYS and act != "discussion"):
        return rules
    if any(r != act and r not in DROPS for r in rules - {"discussion"}):
        return rules
    if p >= take:
        return {act}
    if rules == {"discussion"} and act in SAYS and p >= fill:
        return {act}
    return rules


def score(rows, how):
    n = ok = disc = disc_state = st_got = st_ok = 0
    per = collections.Counter()
    per_ok = collections.Counter()
    for _, fs, acts, alt in rows:
        want = set(acts)
        got = how(fs)
        good = bool(got == want or (alt and got == {alt}))
        n += 1
        ok += good
        for a in want:
            per[a] += 1
            per_ok[a] += good
        if want == {"discussion"}:
            disc += 1
            disc_state += bool(got & STATE)
        if got & STATE:
            st_got += 1
            st_ok += good
    return n, ok, disc, disc_state, st_got, st_ok, per, per_ok


def report(name, r):
    n, ok, disc, disc_state, st_got, st_ok, per, per_ok = r
    acts = " ".join(f"{a}={100 * per_ok[a] / per[a]:.0f}%/{per[a]}" for a in ACTS if per[a])
    print(f"  {name:12s} right {100 * ok / n:5.1f} % ({ok}/{n})  state events right "
          f"{100 * st_ok / st_got if st_got else 0:5.1f} % ({st_ok}/{st_got})  "
          f"discussion given a state {100 * disc_state / disc if disc else 0:.1f} %")
    print(f"  {'':12s} recall by act: {acts}")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("features")
    ap.add_argument("--lolo", action="store_true")
    ap.add_argument("--out", default="")
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--lr", type=float, default=0.3)
    ap.add_argument("--min-count", type=int, default=2)
    ap.add_argument("--take", type=float, default=0.5)
    ap.add_argument("--word-take", type=float, default=1.0)
    ap.add_argument("--word-fill", type=float, default=0.9)
    ap.add_argument("--spent", action="store_true")
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--loso", action="store_true")
    ap.add_argument("--seed", type=int, default=34)
    a = ap.parse_args()
    data = load(here, a.features, a.spent, a.set)
    lists = sorted(data)
    print(f"lists: {len(lists)}, replies with features: "
          f"{sum(len(v) for v in data.values())}", file=sys.stderr)
    if a.lolo or a.loso:
        groups = collections.defaultdict(list)
        for l in lists:
            groups[l.split("/")[0] if a.loso and "/" in l else
                   ("main" if a.loso else l)].append(l)
        tot = collections.defaultdict(lambda: [0] * 6)
        for held in sorted(groups):
            out = groups[held]
            tr = [s for l in lists if l not in out for s in data[l]]
            test = [s for l in out for s in data[l]]
            m = train(tr, a.epochs, a.l2, a.lr, a.min_count, a.seed)
            print(f"{held} ({len(test)} replies; trained on {len(tr)})")
            for name, how in (("rules", rule_acts),
                              ("model", lambda fs: {predict(m, fs)[0]}),
                              ("blend", lambda fs: decide(m, fs, a.take)[0]),
                              ("lkpbot", lambda fs: word(m, fs, a.word_take,
                                                         a.word_fill))):
                r = score(test, how)
                report(name, r)
                for i in range(6):
                    tot[name][i] += r[i]
        print("all held out together")
        for name, t in tot.items():
            n, ok, disc, ds, sg, so = t
            print(f"  {name:12s} right {100 * ok / n:5.1f} % ({ok}/{n})  state events right "
                  f"{100 * so / sg if sg else 0:5.1f} % ({so}/{sg})  discussion given a state "
                  f"{100 * ds / disc if disc else 0:.1f} %")
    if a.out:
        tr = [s for l in lists for s in data[l]]
        m = train(tr, a.epochs, a.l2, a.lr, a.min_count, a.seed)
        with open(a.out, "w", encoding="utf-8") as f:
            f.write("# rules/acts.model - the reply-act model of lkpbot-rules(5), ACT MODEL.\n")
            f.write("# Written by bench/triage/train.py from the labelled lists\n")
            f.write(f"# ({', '.join(lists)}): {len(tr)} replies;\n")
            f.write(f"# epochs {a.epochs}, l2 {a.l2}, lr {a.lr}, min-count {a.min_count}, seed {a.seed}.\n")
            f.write("classes " + " ".join(ACTS) + "\n")
            kept = 0
            for feat in sorted(m, key=lambda s: s.encode()):
                w = m[feat]
                if max(abs(x) for x in w) < 0.002:
                    continue
                kept += 1
                f.write(feat + "\t" + " ".join(f"{x:.3f}" for x in w) + "\n")
        print(f"wrote {a.out}: {kept} features", file=sys.stderr)


if __name__ == "__main__":
    main()
