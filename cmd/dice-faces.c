/*
 * dice-faces.c -- the dice game's face data for people (spec/dice.md
 * §2.4): faces drawn, and the command that shows or checks a face file.
 *
 *	carcref faces			the shipped faces, drawn, with their doubt
 *	carcref faces FILE		a face file's, drawn
 *	carcref faces --check FILE	every check FILE fails, with its line
 *
 * Exit status: 0 the faces load, 1 a check fails, 2 a file that cannot
 * be read (or a usage error).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "dice.h"
#include "notation/i18n.h"

/* TEXT as a paragraph, each line indented by two blanks, lines broken
 * at blanks before 78 columns. */
static void
paragraph(FILE *out, const char *label, const char *text)
{
	int col = 2 + out_width(label);

	out_printf(out, "  %s", label);
	while (*text != '\0') {
		size_t n = strcspn(text, " \n");
		int w = out_nwidth(text, n);

		if (col + 1 + w > 78) {
			out_printf(out, "\n   ");
			col = 3;
		} else {
			out_printf(out, " ");
			col++;
		}
		out_printf(out, "%.*s", (int)n, text);
		col += w;
		text += n;
		text += strspn(text, " \n");
	}
	out_printf(out, "\n");
}

void
dice_print_faces(FILE *out, const struct dc_faces *f)
{
	bool fr = play_fr(), shipped = dice_is_shipped(f);
	/* Whose source and doubt: the set's, else the shipped file's when the
	 * set is the same (a journal writes the shipped faces inline). */
	const struct dc_faces *about = f->source == NULL && f->doubt == NULL && shipped ?
	    dice_shipped() : f;
	char rows[DC_NFACES][3][6];

	if (f->origin == DC_FROM_RECORD && shipped)
		out_printf(out, "%s\n", _("faces: the record's own (faces:), the shipped guess "
		    "(dice-faces.yaml)"));
	else if (f->origin == DC_FROM_RECORD)
		out_printf(out, "%s\n", _("faces: the record's own (faces:)"));
	else if (shipped)
		out_printf(out, _("faces: the shipped guess (%s)\n"), f->file ? f->file : "?");
	else
		out_printf(out, _("faces: %s\n"), f->file ? out_path(f->file) : "?");
	for (int i = 0; i < DC_NFACES; i++)
		nt_dice_draw_face(&f->face[i], 0, rows[i]);
	/* A column of 11 a face: its code, its drawing, its name. */
	for (int i = 0; i < DC_NFACES; i++)
		out_printf(out, "%*s%s", i ? 11 - (int)strlen(f->face[i - 1].code) : 2, "",
		    f->face[i].code);
	out_printf(out, "\n");
	for (int r = 0; r < 3; r++) {
		for (int i = 0; i < DC_NFACES; i++)
			out_printf(out, "%*s%s", i ? 6 : 2, "", rows[i][r]);
		out_printf(out, "\n");
	}
	for (int i = 0; i < DC_NFACES; i++) {
		const char *w = dc_face_word(&f->face[i], fr);
		int pad = i ? 11 - out_width(dc_face_word(&f->face[i - 1], fr)) : 2;

		out_printf(out, "%*s%s", pad > 0 ? pad : 1, "", w);
	}
	out_printf(out, "\n");
	for (int i = 0; i < DC_NFACES; i++) {
		const struct dc_face *fc = &f->face[i];

		if (fc->name != NULL || fc->doubt != NULL) {
			char *label = cmd_strf("%s:", fc->code);

			if (fc->name != NULL)
				paragraph(out, label ? label : "", fc->name);
			if (fc->doubt != NULL)
				paragraph(out, label ? label : "", fc->doubt);
			free(label);
		}
	}
	out_printf(out, "%s\n", _("  (# black: city; . white; north up, as the letters read N E S W)"));
	if (about->source != NULL)
		paragraph(out, _("source:"), about->source);
	if (about->doubt != NULL)
		paragraph(out, _("doubt:"), about->doubt);
}

/* --check: each failure as FILE:LINE:COLUMN: message. */
static void
report(void *arg, const struct dc_error *e)
{
	errf("%s:%d:%d: %s\n", out_path(arg), e->line, e->column, e->msg);
}

static int
faces_exec(int argc, char **argv)
{
	enum { O_CHECK };
	static const struct cmd_opt opts[] = {
		[O_CHECK] = { "--check", NULL, NULL },
		{ NULL, NULL, NULL },
	};
	struct cmd_args a = CMD_ARGS(argc, argv);
	const struct dc_faces *f;
	bool check = false;
	const char *kind;
	char msg[512], *text, *err = NULL;
	size_t len;
	int k, status, n;

	while ((k = cmd_args_next(&cmd_faces_entry, opts, &a)) >= 0)
		check = true;
	if (k != CMD_ARGS_DONE)
		return a.rc;
	if (a.nops > 1 || (check && a.nops == 0))
		return cmd_usage(&cmd_faces_entry);
	if (check) {
		if ((text = cmd_read_file(argv[1], &len, msg, sizeof msg)) == NULL) {
			errf(_("carcref faces: %s\n"), msg);
			return 2;
		}
		n = dc_faces_check(text, len, report, argv[1]);
		free(text);
		if (n > 0) {
			errf(ngettext("%s: %d check failed\n", "%s: %d checks failed\n",
			    (unsigned long)n), out_path(argv[1]), n);
			return 1;
		}
		outf(_("%s: the four faces load\n"), out_path(argv[1]));
		return 0;
	}
	if (a.nops == 0)
		f = dice_shipped();
	else if ((f = dice_load_file(argv[1], NULL, &err, &kind, &status)) == NULL) {
		errf("carcref faces: %s\n", err ? err : _("out of memory"));
		free(err);
		return status;
	}
	if (f == NULL)
		return 2;
	dice_print_faces(stdout, f);
	if (fflush(stdout) != 0) {
		errf(_("carcref: standard output: %s\n"), strerror(errno));
		return 2;
	}
	return 0;
}

const struct cmd_entry cmd_faces_entry = {
	"faces", "[--check] [FILE]",
	N_("the dice game's city faces, drawn (the shipped ones, or FILE's); --check FILE: "
	"every check the face file fails"),
	faces_exec
};
