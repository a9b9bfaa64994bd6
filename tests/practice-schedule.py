#!/usr/bin/env python3
"""practice-schedule.py: the Leitner schedule of 'quiesce practice' over 20 days.

Usage: practice-schedule.py QUIESCE STATEDIR

Runs 'quiesce practice --drill delta' once a day (twice on some days) on a
clock the test sets (QUIESCE_PRACTICE_DAY), answering each question through
a pipe: a question seen before is answered right (its answer learnt from an
earlier verdict) except on a few chosen days, a new one with 'yes'. The
schedule is modelled here from its documentation alone (README, quiesce(1)):
boxes 1-5 wait 1, 2, 4, 8, 16 days; a new right answer goes to box 1, due
the next day; a due right answer moves up one box, at most one promotion a
day; a wrong answer goes to box 1, due the same day; without --seed the due
questions come first and a question waiting for its day is never asked.
Checks each session's questions and the record's boxes against the model.
"""
import os
import re
import subprocess
import sys

INTERVAL = {1: 1, 2: 2, 3: 4, 4: 8, 5: 16}
START, DAYS, COUNT = 5000, 20, 6


def main():
    quiesce, statedir = sys.argv[1], sys.argv[2]
    env = dict(os.environ, XDG_STATE_HOME=statedir)
    model = {}       # id -> [box, due, last]
    learnt = {}      # id -> the engine's answer
    bad = 0
    asked_total = promoted_to = 0

    def fail(msg):
        nonlocal bad
        bad += 1
        print("FAIL: " + msg)

    for day in range(DAYS):
        today = START + day
        for session in range(2 if day % 3 == 1 else 1):
            env['QUIESCE_PRACTICE_DAY'] = str(today)
            due = {i for i, (box, d, last) in model.items() if d <= today}
            p = subprocess.Popen([quiesce, 'practice', '--drill', 'delta', '--count', str(COUNT)],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True)
            asked = []
            for line in p.stdout:
                m = re.match(r'^Q\d+ (\S+): ', line)
                if m:
                    qid = m.group(1)
                    asked.append(qid)
                    # A miss on some days, else the right answer where it is known.
                    miss = qid in learnt and session == 0 and (day + len(qid)) % 5 == 0
                    if qid in learnt and not miss:
                        answer = learnt[qid]
                    elif qid in learnt:
                        answer = 'no' if learnt[qid] == 'yes' else 'yes'
                    else:
                        answer = 'yes'
                    p.stdin.write(answer + '\n')
                    p.stdin.flush()
                    continue
                v = re.match(r'^(right|wrong): (?:the engine says )?(yes|no)\b', line)
                if v and asked:
                    qid = asked[-1]
                    right = v.group(1) == 'right'
                    learnt[qid] = v.group(2)
                    # The model: the documented rules.
                    card = model.get(qid)
                    if not right:
                        model[qid] = [1, today, today]
                    elif card is None:
                        model[qid] = [1, today + 1, today]
                    elif card[1] > today:
                        card[2] = today
                    else:
                        if card[2] != today and card[0] < 5:
                            card[0] += 1
                            promoted_to = max(promoted_to, card[0])
                        card[1] = today + INTERVAL[card[0]]
                        card[2] = today
            p.stdin.close()
            p.wait()
            asked_total += len(asked)
            where = f"day {day} session {session + 1}"
            if len(asked) != COUNT:
                fail(f"{where}: {len(asked)} questions, not {COUNT}")
            # The due questions first, all of them when there are few enough.
            k = min(len(due), COUNT)
            if set(asked[:k]) != set(sorted(due)[:k]) and not (len(due) > COUNT and set(asked) <= due):
                fail(f"{where}: the first {k} questions {asked[:k]} are not the due ones {sorted(due)}")
            for qid in asked[k:]:
                if qid in due or qid in model and qid not in due and qid not in asked[:k]:
                    # Asked after the due ones: must be new (never one waiting for its day).
                    if qid in model and model[qid][2] != today or qid in due:
                        fail(f"{where}: {qid} asked, but it is neither due nor new")
            # The record agrees with the model.
            record = {}
            with open(os.path.join(statedir, 'quiesce', 'practice')) as f:
                for line in f:
                    w = line.split()
                    if w and w[0] == 'box':
                        record[w[1]] = [int(x) for x in w[2:5]]
            if record != model:
                diff = sorted(i for i in set(record) | set(model) if record.get(i) != model.get(i))
                fail(f"{where}: the record differs from the model at {len(diff)} questions, e.g. "
                     f"{diff[0]}: record {record.get(diff[0])}, model {model.get(diff[0])}")
    print(f"practice-schedule: {DAYS} days, {asked_total} answers, {len(model)} questions, "
          f"highest box reached {promoted_to}, {bad} failures")
    if promoted_to < 4:
        fail(f"no question climbed past box {promoted_to}: the test does not exercise the intervals")
        bad += 1
    return 1 if bad else 0


sys.exit(main())
