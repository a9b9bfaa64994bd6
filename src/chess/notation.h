/* notation.h: moves as text: SAN ("Nxe5+", "O-O", "e8=Q#") and UCI ("g1f3", "e7e8q"). */
#ifndef QUIESCE_NOTATION_H
#define QUIESCE_NOTATION_H

#include "chess/board.h"
#include "base/types.h"

#define NOTATION_BUFSIZE 16

/* Writes M in UCI ("0000" for MOVE_NONE) into BUF (NOTATION_BUFSIZE bytes). */
void notation_uci(move m, char *buf);

/* Writes the legal move M of POS in SAN, with '+' or '#' when it checks or mates. */
void notation_san(const struct position *pos, move m, char *buf);

/*
 * Parses TEXT as a UCI or a SAN move that must be legal in POS. SAN is read
 * leniently where it is unambiguous: check marks and annotations ("+", "#",
 * "!", "?") are ignored, "0-0" is read as "O-O", "e8Q" as "e8=Q". On failure
 * ERR says why and lists the legal moves in SAN.
 */
bool notation_parse(const struct position *pos, const char *text, move *out, struct error *err);
bool notation_parse_uci(const struct position *pos, const char *text, move *out, struct error *err);
bool notation_parse_san(const struct position *pos, const char *text, move *out, struct error *err);

/*
 * The legal move of POS that TEXT names in the plain UCI form, the one
 * notation_uci writes (four or five bytes, the promotion in lower case, no
 * blanks, castling as the king's two-square step), in *OUT; false for any
 * other text or an illegal move, which notation_parse_uci reads or explains.
 * For readers of many moves (trace files): no copy, no move list.
 */
bool notation_uci_plain(const struct position *pos, const char *text, move *out);

/* Writes the legal moves of POS in SAN, separated by spaces, into BUF of size N. */
void notation_legal_list(const struct position *pos, char *buf, size_t n);

#endif
