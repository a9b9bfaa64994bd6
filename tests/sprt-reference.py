#!/usr/bin/env python3
"""sprt-reference.py: the pentanomial GSPRT's LLR, from the published formulas.

    sprt-reference.py ELO0 ELO1 N0 N1 N2 N3 N4

Prints the LLR of game pairs scoring 0, 1/4, 1/2, 3/4 and 1 N0..N4 times
for H0: logistic Elo ELO0 against H1: ELO1, written independently of
src/play/sprt.c from M. Van den Bergh, "Comments on the normalized Elo"
and fishtest's stat_util (results_to_pdf, MLE for an expected score):

  s = 1 / (1 + 10^(-elo/400)); zero counts become 1e-3; p the frequencies;
  the maximum-likelihood distribution of mean s is found here by Newton's
  method on its dual, x = argmax sum p_k log(1 + x (a_k - s)) (its gradient
  sum p_k (a_k - s) / (1 + x (a_k - s)) vanishes there), q_k = p_k / (1 + x (a_k - s));
  LLR = N sum p_k log(q1_k / q0_k).
"""
import math
import sys


def mle_loglik(p, a, s):
    x = 0.0
    for _ in range(100):
        g = sum(pk * (ak - s) / (1 + x * (ak - s)) for pk, ak in zip(p, a))
        h = -sum(pk * (ak - s) ** 2 / (1 + x * (ak - s)) ** 2 for pk, ak in zip(p, a))
        step = g / h
        # Damped: stay where every 1 + x (a_k - s) is positive.
        while any(1 + (x - step) * (ak - s) <= 0 for ak in a):
            step /= 2
        x -= step
    return sum(pk * math.log(pk / (1 + x * (ak - s))) for pk, ak in zip(p, a))


def llr(elo0, elo1, counts):
    a = [0, 0.25, 0.5, 0.75, 1]
    c = [n if n > 0 else 1e-3 for n in counts]
    n = sum(c)
    p = [x / n for x in c]
    s0, s1 = (1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1))
    return n * (mle_loglik(p, a, s1) - mle_loglik(p, a, s0))


if __name__ == "__main__":
    e0, e1 = float(sys.argv[1]), float(sys.argv[2])
    print("%.6f" % llr(e0, e1, [int(v) for v in sys.argv[3:8]]))
