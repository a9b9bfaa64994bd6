/*
 * sprt.h: the sequential probability ratio test engine authors run on a
 * change (fishtest, fastchess): play game pairs until the data decide.
 *
 * H0: the variant's strength is ELO0 (logistic Elo over its baseline); H1:
 * it is ELO1. The log-likelihood ratio (LLR) is the generalized SPRT's of
 * fishtest (Michel Van den Bergh's pentanomial model): each game pair (one
 * opening, colours swapped) scores a_k = 0, 1/4, 1/2, 3/4 or 1 with the
 * observed frequencies p_k of N pairs. For an expected score s the
 * distribution of mean s nearest the data (maximum likelihood) is
 * q_k = p_k / (1 + lambda (a_k - s)), lambda making its mean s, and
 *
 *     LLR = N sum_k p_k (log q1_k - log q0_k)
 *
 * with s0, s1 the expected scores of ELO0 and ELO1,
 * s = 1 / (1 + 10^(-elo / 400)). A frequency of zero counts as 0.001 pairs
 * (fishtest's regularization; N includes them). The test accepts H1 once
 * LLR >= log((1 - beta) / alpha) and H0 once LLR <= log(beta / (1 - alpha));
 * alpha and beta are the error rates.
 */
#ifndef QUIESCE_SPRT_H
#define QUIESCE_SPRT_H

#include "base/types.h"

#define SPRT_DEFAULT_ALPHA 0.05
#define SPRT_DEFAULT_BETA 0.05

struct sprt {
	double elo0, elo1;      /* logistic Elo of H0 and of H1, elo0 < elo1 */
	double alpha, beta;     /* the error rates, each in (0, 1), alpha + beta < 1 */
	double lower, upper;    /* the LLR's bounds: accept H0 at or below, H1 at or above */
};

enum sprt_verdict { SPRT_CONTINUE = 0, SPRT_H0, SPRT_H1 };

/*
 * Sets up the test of ELO0 against ELO1 with the error rates ALPHA and BETA.
 * Returns false with a message in ERR when elo0 >= elo1 or a rate is out of
 * range.
 */
bool sprt_init(struct sprt *s, double elo0, double elo1, double alpha, double beta, struct error *err);

/*
 * Parses "ELO0,ELO1" (two decimal numbers, e.g. "0,5" or "-2.5,2.5", blanks
 * allowed around each) into ELO0 and ELO1. False with a message naming the
 * column in ERR otherwise: where a number should start, or the character
 * that stands where ',' (or the end) should.
 */
bool sprt_parse_bounds(const char *text, double *elo0, double *elo1, struct error *err);

/*
 * An error rate (alpha, beta) is above 0 and below SPRT_RATE_MAX: each below
 * one half keeps alpha + beta below 1, which the test's bounds need
 * (log(beta / (1 - alpha)) < 0 < log((1 - beta) / alpha)).
 */
#define SPRT_RATE_MAX 0.5

/*
 * Parses an error rate: a decimal number (no sign, exponent or hexadecimal;
 * blanks around it allowed) above 0 and below SPRT_RATE_MAX. False with a
 * message in ERR that does not repeat TEXT.
 */
bool sprt_parse_rate(const char *text, double *out, struct error *err);

/* The LLR of the pentanomial counts PAIRS[5] (pairs scoring 0, 1/4, ..., 1); 0 with no pairs. */
double sprt_llr(const struct sprt *s, const int pairs[5]);

/* What the test decides at LLR. */
enum sprt_verdict sprt_decide(const struct sprt *s, double llr);

/* "H0 accepted", "H1 accepted" or "no decision". */
const char *sprt_verdict_text(enum sprt_verdict v);

/* The expected score of a logistic Elo difference: 1 / (1 + 10^(-elo / 400)). */
double sprt_score_of_elo(double elo);

#endif
