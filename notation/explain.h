/*
 * explain.h -- scoring events and refusals in words.
 *
 * rules/ returns structures; these turn them into the sentences people
 * read at the table, in replay output and in JSON "why" fields.
 */
#ifndef NT_EXPLAIN_H
#define NT_EXPLAIN_H

#include <stdarg.h>
#include <stddef.h>

#include "../rules/ext.h"

/*
 * In the reader's language (notation/i18n.h): every sentence below, and
 * the words of the two functions that say so.  nt_event_label stays
 * English: JSON and records use it.
 */

/* What an event scored, as people name it: "city", "field", a module's
 * own ("goods"); in English always, and in the reader's language. */
const char *nt_event_label(const struct cr_event *ev);
const char *nt_event_name(const struct cr_event *ev);

/* The arithmetic alone: "completed city of 3 tiles and 1 pennant: 2 x 3 + 2 x 1";
 * in the game's own words where it has some (struct nt_game.event_words),
 * or always in its kinds' (nt_event_why_kind). */
int	nt_event_why(const struct cr_event *ev, char *buf, size_t size);
int	nt_event_why_kind(const struct cr_event *ev, char *buf, size_t size);

/* The arithmetic of an event for a reader who has each player's amount
 * beside it (JSON's why): nt_event_why's words when every winner is
 * paid alike; else each group of winners paid alike with its own sums
 * and what it is paid, as the whole account says them: "farm touching
 * 2 completed cities: 3 x 2 = 6 to Anna; 3 x 2 + 1 x 2 (the pig) = 8 to
 * Ben".  names[p] for each player. */
int	nt_event_why_paid(const struct cr_event *ev, const char *const *names, int nplayers,
	    char *buf, size_t size);

/* The whole account: the arithmetic, its total, who won the majority
 * with how many meeples, and who lost it.  names[p] for each player.
 * Winners paid differently (a pig's share) are said in groups, each
 * with its own sums, on one line. */
int	nt_event_explain(const struct cr_event *ev, const char *const *names,
	    int nplayers, char *buf, size_t size);

/* nt_event_explain, with the places of the terms named where the
 * event's module can name them (a Tax's cities: "2 x (2 + 2) in the
 * city at -1,3"), from g, the event's game: explain's and board's
 * words. */
int	nt_event_places(const struct cr_game *g, const struct cr_event *ev,
	    const char *const *names, int nplayers, char *buf, size_t size);

/* An event's whole account, malloc'd (NULL: no memory): nt_event_explain,
 * or for an event that pays nobody (in edition 1, a city with no farmer
 * beside it) its arithmetic and "to nobody". */
char	*nt_event_account(const struct cr_event *ev, const char *const *names, int nplayers);

/*
 * Edition 1, where farmers are paid per completed city at the end: what
 * the end pays the farmers of the feature of segment seg, in lines (each
 * indented, without its newline) given one by one to say as a printf
 * format and its arguments.  A field: the
 * rule, then each completed city it borders with what it would pay its
 * farmers if the game ended now (after the end: what it paid, and at
 * which move); a completed city: what it would pay its farmers; an open
 * one: that it pays them nothing.  The final scoring's own events
 * (cr_game_farm_cities).  Returns how many lines: 0 in editions 2 and 3,
 * for other kinds, and for a city once the game is over (its event is
 * among the city's own).
 */
int	nt_farm_lines(const struct cr_game *g, int seg, const char *const *names,
	    void (*say)(void *ctx, const char *fmt, va_list ap), void *ctx);

/* The rule broken and its evidence:
 * "edges must match: V at 1,0 rotation 90: its W edge is road, the tile
 * at 0,0 shows city on its E edge". */
int	nt_refusal(const struct cr_tileset *ts, const struct cr_refusal *r,
	    const char *const *names, char *buf, size_t size);
/* The same with the evidence only the game holds: for a tile with no
 * copy left, where its copies lie ("all 3 K of the set are used, on the
 * board at 1,0 2,0 -1,1"). */
int	nt_refusal_game(const struct cr_game *g, const struct cr_refusal *r,
	    const char *const *names, char *buf, size_t size);

/* A piece as sentences name it, n of them: "big knight", "big knights"
 * (not the notation's "big-knight"), in the reader's language; NULL for
 * none. */
const char *nt_piece_name(int role, int n);

/* "thief", "knight", ... for the meeples standing on a feature kind, in
 * the reader's language. */
const char *nt_kind_role(int kind);
/* The same for n of them: "knight" for 1, "knights", "thieves"... */
const char *nt_kind_roles(int kind, int n);

/*
 * A kind's phrase (rules/ext.h: struct cr_say) in the reader's language:
 * its format, chosen by its first number, and its numbers in order into
 * args (0 past them), from nums (nt_event_nums, nt_feature_nums: every
 * CR_N_* number); NULL for a phrase the kind has none of.  The format is
 * printf'd with the fixed arguments of its place first, then args.
 */
const char *nt_say(const struct cr_say *s, const int *nums, int args[4]);
void	nt_event_nums(const struct cr_event *ev, int nums[CR_NNUMS]);
void	nt_feature_nums(const struct cr_feature *f, int nums[CR_NNUMS]);
/* A kind's words (struct cr_kinddef) in the reader's language: "city" as
 * people call it, and its word in a sentence's place (a, the, ...);
 * "?" for none. */
const char *nt_kind_word(int kind);

/* A spot as the reader's language writes it (French: O for W, which the
 * notation reads too); "?" for none. */
const char *nt_spot_text(enum cr_spot s);

/* A refusal's short name for JSON ("tile-edge-mismatch", a module's
 * "plague-choice-missing"), NULL for none. */
const char *nt_refusal_kind(const struct cr_refusal *r);

#endif
