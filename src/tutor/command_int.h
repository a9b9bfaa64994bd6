/*
 * command_int.h: what the files of the command module share, and nothing
 * else includes. command.c holds the table, its dispatcher and its help; the
 * commands of the table live by family in command_search.c (the position,
 * the options and the search), command_cursor.c (stepping through the trace
 * and looking at it), command_compare.c (two searches side by side, or this
 * one against a trace file), command_file.c (writing and reading traces),
 * command_lesson.c (the lessons) and command_game.c (games against the
 * engine). command_args.c reads the commands' arguments, command_print.c
 * writes the session as text and command_complete.c completes command lines.
 */
#ifndef QUIESCE_COMMAND_INT_H
#define QUIESCE_COMMAND_INT_H

#include <stdio.h>

#include "tutor/command.h"
#include "teach/cursor.h"
#include "teach/session.h"
#include "base/util.h"

/* The most words a command's arguments are split into. */
#define MAX_WORDS 16

/* command_args.c */
/* Splits ARGS (copied into BUF) into blank-separated words; returns their count. */
int command_split_words(const char *args, char *buf, size_t n, char **words);
/* Reads a whole number from 0 to MAX. */
bool command_parse_count(const char *text, long max, long *out);
/* Fails unless a search has been run since the position or options last changed. */
bool command_need_trace(struct session *s, struct error *err);

/* command_print.c */
/* Prints the result line of a search: score, best move, counts. */
void command_print_result(struct session *s, const char *label, const struct search_options *opt,
			  const struct search_result *r, FILE *out);
/* Writes the open comparison: each side's full variant and result, and where the trees part. */
void command_print_compare(struct session *s, FILE *out);

/*
 * The commands of the table, each run on the rest of its line (ARGS) with
 * its output on OUT; on error ERR says why and false is returned.
 */

/* command_search.c: the position, the search options and the search. */
bool command_fen(struct session *s, const char *args, FILE *out, struct error *err);
bool command_move(struct session *s, const char *args, FILE *out, struct error *err);
bool command_mode(struct session *s, const char *args, FILE *out, struct error *err);
bool command_depth(struct session *s, const char *args, FILE *out, struct error *err);
bool command_set(struct session *s, const char *args, FILE *out, struct error *err);
bool command_search(struct session *s, const char *args, FILE *out, struct error *err);
bool command_stats(struct session *s, const char *args, FILE *out, struct error *err);
bool command_horizon(struct session *s, const char *args, FILE *out, struct error *err);

/* command_cursor.c: stepping through the trace and looking at it. */
bool command_next(struct session *s, const char *args, FILE *out, struct error *err);
bool command_prev(struct session *s, const char *args, FILE *out, struct error *err);
bool command_over(struct session *s, const char *args, FILE *out, struct error *err);
bool command_out(struct session *s, const char *args, FILE *out, struct error *err);
bool command_rewind(struct session *s, const char *args, FILE *out, struct error *err);
bool command_jump(struct session *s, const char *args, FILE *out, struct error *err);
bool command_goto(struct session *s, const char *args, FILE *out, struct error *err);
bool command_board(struct session *s, const char *args, FILE *out, struct error *err);
bool command_event(struct session *s, const char *args, FILE *out, struct error *err);
bool command_tree(struct session *s, const char *args, FILE *out, struct error *err);
bool command_filter(struct session *s, const char *args, FILE *out, struct error *err);
bool command_play(struct session *s, const char *args, FILE *out, struct error *err);

/* command_compare.c: two searches side by side, or this search against a trace file. */
bool command_compare(struct session *s, const char *args, FILE *out, struct error *err);
bool command_diff(struct session *s, const char *args, FILE *out, struct error *err);

/* command_file.c: the trace (or the game) written to a file, a trace read from one. */
bool command_export(struct session *s, const char *args, FILE *out, struct error *err);
bool command_open(struct session *s, const char *args, FILE *out, struct error *err);

/* command_lesson.c: the lessons and their pages. */
bool command_lessons(struct session *s, const char *args, FILE *out, struct error *err);
bool command_lesson(struct session *s, const char *args, FILE *out, struct error *err);
bool command_next_page(struct session *s, const char *args, FILE *out, struct error *err);
bool command_prev_page(struct session *s, const char *args, FILE *out, struct error *err);
bool command_page(struct session *s, const char *args, FILE *out, struct error *err);
bool command_answer(struct session *s, const char *args, FILE *out, struct error *err);
bool command_hint(struct session *s, const char *args, FILE *out, struct error *err);

/* command_game.c: a game against the engine from the position, and positions from PGN games. */
bool command_game(struct session *s, const char *args, FILE *out, struct error *err);
bool command_takeback(struct session *s, const char *args, FILE *out, struct error *err);
bool command_pgn(struct session *s, const char *args, FILE *out, struct error *err);
/* 'move' during a game: plays the learner's move, then the engine's reply. */
bool command_game_move(struct session *s, const char *args, FILE *out, struct error *err);
/* Says that setting the position ended the game against the engine, when HAD_GAME and it did. */
void command_game_note_end(const struct session *s, bool had_game, FILE *out);
/* Sets the root to FEN, says so, and says when that ended a game (fen, pgn). */
bool command_set_position(struct session *s, const char *fen, FILE *out, struct error *err);

/* command_practice.c: drills on the search, predicted and checked against its trace (issue 17). */
bool command_practice(struct session *s, const char *args, FILE *out, struct error *err);

/* command_walk.c: ':practice walk', predicting the decisions of the search on screen. */
/* Whether ':practice WORD' is for the walk (walk, next, skip, stop, or an answer while a question waits). */
bool command_walk_takes(const char *word);
/* Runs ':practice ARGS' (its N words W) for the walk. */
bool command_walk(struct session *s, const char *args, char **w, int n, FILE *out, struct error *err);

#endif
