/* fen.h: reading and writing positions in Forsyth-Edwards Notation. */
#ifndef QUIESCE_FEN_H
#define QUIESCE_FEN_H

#include "chess/board.h"
#include "base/types.h"

/* Longest FEN accepted; anything longer is refused as over-long input. */
#define FEN_MAX_INPUT 256
/* Room for the longest FEN fen_format can write, with its terminator. */
#define FEN_BUFSIZE 96

/*
 * Parses TEXT as a FEN with 6 fields (or 4, the clocks then default to 0 and
 * 1) into POS. Parsing is strict: the pieces, side, castling rights, en
 * passant square and clocks must describe a position that can exist. On
 * failure POS is unspecified, ERR names the field and the 1-based column and
 * says what was expected, and false is returned.
 */
bool fen_parse(struct position *pos, const char *text, struct error *err);

/*
 * Parses the four position fields of an EPD line (placement, side, castling,
 * en passant) at the start of TEXT, or six with the clocks when NFIELDS is 6;
 * fields are separated by single spaces. *END is set just after the last
 * field parsed. Columns in ERR count from the start of TEXT plus COLUMN_BASE.
 */
bool fen_parse_fields(struct position *pos, const char *text, int nfields,
		      const char **end, int column_base, struct error *err);

/* Writes the 6-field FEN of POS into BUF (at least FEN_BUFSIZE bytes). */
void fen_format(const struct position *pos, char *buf);

/* Writes only the first four fields (as EPD does). */
void fen_format4(const struct position *pos, char *buf);

#endif
