/* sprt.c: the pentanomial generalized SPRT of a match (fishtest's maximum-likelihood form). */
#include "play/sprt.h"

#include <math.h>
#include <stdlib.h>

#include "base/util.h"

/* The weight of a pair outcome never seen, as fishtest's regularize() gives it. */
#define SPRT_EMPTY_FREQUENCY 1e-3

double sprt_score_of_elo(double elo)
{
	return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

bool sprt_init(struct sprt *s, double elo0, double elo1, double alpha, double beta, struct error *err)
{
	if (!(elo0 < elo1))
		return error_set(err, 0, 0, "ELO0 (%g) must be below ELO1 (%g)", elo0, elo1);
	if (!(alpha > 0.0 && alpha < SPRT_RATE_MAX))
		return error_set(err, 0, 0, "alpha (%g) must be above 0 and below 0.5", alpha);
	if (!(beta > 0.0 && beta < SPRT_RATE_MAX))
		return error_set(err, 0, 0, "beta (%g) must be above 0 and below 0.5", beta);
	if (!(alpha + beta < 1.0))
		return error_set(err, 0, 0, "alpha + beta (%g) must be below 1", alpha + beta);
	s->elo0 = elo0;
	s->elo1 = elo1;
	s->alpha = alpha;
	s->beta = beta;
	s->lower = log(beta / (1.0 - alpha));
	s->upper = log((1.0 - beta) / alpha);
	return true;
}

/*
 * Reads a decimal number at *P: an optional sign (with SIGNED), digits, an
 * optional '.' and digits; no blanks, exponent, hexadecimal, "inf" or
 * "nan", and no locale (the tutor's locale may write 0,5). Moves *P past it;
 * false when no such number starts there.
 */
static bool decimal(const char **p, bool sign_ok, double *out)
{
	const char *c = *p;
	double v = 0.0, scale = 1.0;
	bool neg = false, digits = false;

	if (sign_ok && (*c == '-' || *c == '+'))
		neg = *c++ == '-';
	for (; *c >= '0' && *c <= '9'; c++, digits = true)
		v = v * 10.0 + (*c - '0');
	if (*c == '.')
		for (c++; *c >= '0' && *c <= '9'; c++, digits = true) {
			scale *= 10.0;
			v = v * 10.0 + (*c - '0');
		}
	if (!digits)
		return false;
	*out = (neg ? -v : v) / scale;
	*p = c;
	return true;
}

/* Steps *P over blanks (spaces and tabs): blanks around a number are allowed, before it as after it. */
static void blanks(const char **p)
{
	while (**p == ' ' || **p == '\t')
		(*p)++;
}

/*
 * Parses one Elo bound of TEXT at *P, then expects END; the column in a
 * message is the character at fault: where the number should start, or what
 * stands where END should.
 */
static bool parse_elo(const char *text, const char **p, char end, double *out, struct error *err)
{
	double v;

	blanks(p);
	if (!decimal(p, true, &v))
		return error_set(err, 0, (int)(*p - text) + 1, "column %d of '%s': expected a number of Elo (ELO0,ELO1, "
				 "two decimal numbers from -2000 to 2000 such as 0,5)", (int)(*p - text) + 1, text);
	if (v < -2000.0 || v > 2000.0)
		return error_set(err, 0, (int)(*p - text), "'%s': %g Elo is out of range: expected -2000 to 2000", text, v);
	blanks(p);
	if (**p != end)
		return error_set(err, 0, (int)(*p - text) + 1, "column %d of '%s': expected %s (ELO0,ELO1 such as 0,5)",
				 (int)(*p - text) + 1, text, end == ',' ? "',' and ELO1" : "the end after ELO1");
	*out = v;
	return true;
}

bool sprt_parse_bounds(const char *text, double *elo0, double *elo1, struct error *err)
{
	const char *p = text;

	if (!parse_elo(text, &p, ',', elo0, err))
		return false;
	p++;
	return parse_elo(text, &p, '\0', elo1, err);
}

bool sprt_parse_rate(const char *text, double *out, struct error *err)
{
	const char *p = text;
	double v;

	blanks(&p);
	if (!decimal(&p, false, &v) || (blanks(&p), *p != '\0'))
		return error_set(err, 0, 0, "expected a decimal number such as 0.05");
	if (!(v > 0.0 && v < SPRT_RATE_MAX))
		return error_set(err, 0, 0, "%g is out of range: an error rate is above 0 and below 0.5", v);
	*out = v;
	return true;
}

/*
 * The maximum-likelihood distribution over the pair scores A[5] closest to
 * the observed frequencies P[5] whose mean is S: p_k / (1 + lambda (a_k - S)),
 * with lambda the root of sum p_k (a_k - S) / (1 + lambda (a_k - S)) = 0.
 * That sum falls as lambda grows, between the poles -1 / (1 - S) and 1 / S,
 * so bisection finds the root. Returns sum p_k log(q_k), q that distribution.
 */
static double constrained_log_likelihood(const double p[5], double s)
{
	double lo = -1.0 / (1.0 - s), hi = 1.0 / s, lambda = 0.0, ll = 0.0;

	for (int iter = 0; iter < 200; iter++) {
		double f = 0.0;

		lambda = (lo + hi) / 2.0;
		for (int k = 0; k < 5; k++) {
			double d = k / 4.0 - s;

			f += p[k] * d / (1.0 + lambda * d);
		}
		if (f > 0.0)
			lo = lambda;
		else
			hi = lambda;
	}
	for (int k = 0; k < 5; k++)
		ll += p[k] * log(p[k] / (1.0 + lambda * (k / 4.0 - s)));
	return ll;
}

double sprt_llr(const struct sprt *s, const int pairs[5])
{
	double p[5], n, weight = 0.0;
	int seen = 0;

	for (int k = 0; k < 5; k++)
		seen += pairs[k];
	if (seen == 0)
		return 0.0;
	for (int k = 0; k < 5; k++) {
		p[k] = pairs[k] > 0 ? (double)pairs[k] : SPRT_EMPTY_FREQUENCY;
		weight += p[k];
	}
	for (int k = 0; k < 5; k++)
		p[k] /= weight;
	n = weight;
	return n * (constrained_log_likelihood(p, sprt_score_of_elo(s->elo1)) -
		    constrained_log_likelihood(p, sprt_score_of_elo(s->elo0)));
}

enum sprt_verdict sprt_decide(const struct sprt *s, double llr)
{
	if (llr >= s->upper)
		return SPRT_H1;
	if (llr <= s->lower)
		return SPRT_H0;
	return SPRT_CONTINUE;
}

const char *sprt_verdict_text(enum sprt_verdict v)
{
	switch (v) {
	case SPRT_H0:
		return "H0 accepted";
	case SPRT_H1:
		return "H1 accepted";
	default:
		return "no decision";
	}
}
