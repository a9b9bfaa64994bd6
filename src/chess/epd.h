/* epd.h: Extended Position Description records: a position plus opcodes. */
#ifndef QUIESCE_EPD_H
#define QUIESCE_EPD_H

#include "chess/board.h"
#include "base/types.h"

#define EPD_MAX_LINE 4096
#define EPD_MAX_BM 16
#define EPD_MAX_PERFT 9

/*
 * One EPD line. The opcodes the tool understands are kept; others are
 * accepted and ignored. bm and am are SAN moves in the record's position;
 * D1 … D9 are perft counts.
 */
struct epd_record {
	struct position pos;
	char id[128];
	int bm_count;
	move bm[EPD_MAX_BM];
	int am_count;
	move am[EPD_MAX_BM];
	bool has_comment[10];
	char comment[10][256];         /* c0 … c9, without the quotes */
	uint64_t perft[EPD_MAX_PERFT + 1]; /* perft[k] for Dk; valid when the bit k of perft_mask is set */
	unsigned perft_mask;
};

/*
 * Parses one EPD line (without its newline) into REC. LINENO is used for the
 * line in ERR's message and fields. Accepts the four FEN fields followed by
 * opcodes "op operand…;", and also full six-field FENs followed by ";Dk n"
 * perft opcodes as perft suites are written.
 */
bool epd_parse(struct epd_record *rec, const char *line, int lineno, struct error *err);

/* Whether LINE holds nothing to parse (empty, blanks only, or a '#' comment). */
bool epd_is_blank(const char *line);

/*
 * An EPD file read whole: its records, in order. Malformed lines stop the
 * reading with an error naming the file, the line and the column.
 */
struct epd_file {
	int count;
	struct epd_record *records;
	int *linenos;                 /* line number of each record */
};

bool epd_read_file(struct epd_file *file, const char *path, struct error *err);
void epd_file_free(struct epd_file *file);

/*
 * The file PATH read once for the whole run and kept (the data directory's
 * position files, which lessons name again and again: checking a lesson, or
 * fuzzing the lesson parser, must not read and parse a 300-position suite
 * for every @position line). NULL with ERR as epd_read_file; a failure is
 * not kept, so a later call tries again. Not thread-safe: for one thread.
 */
const struct epd_file *epd_file_cached(const char *path, struct error *err);

#endif
