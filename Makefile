# carcref -- GNU make.
#
#   make                  build ./carcref, one short line a file made
#                         ("  CC      rules/game.c"); make V=1 shows the
#                         whole commands
#   make check            install missing Debian packages (.ci/deps), then run
#                         tests/build.sh (this Makefile, on a copy), every
#                         tests/test_*.c, tests/cli.sh and tests/repl.sh,
#                         plain and under ASan+UBSan
#   make run              .ci/deps, build, start ./carcref (the table REPL)
#   make install          PREFIX (default /usr/local) and DESTDIR honoured;
#                         installs what was built ("make && sudo make
#                         install" compiles nothing twice)
#   make po               po/carcref.pot from the sources, po/*.po merged
#   make bench | lint-man | clean
#
# Sources are found by wildcard: rules/*.c -> librules.a, notation/*.c ->
# libnotation.a, cmd/*.c -> carcref, tests/test_*.c -> one cmocka program each.
# Objects live in .build/$(VARIANT)/ (VARIANT=normal or asan).

PREFIX  ?= /usr/local
DATADIR  = $(PREFIX)/share/carcref/tiles
LOCALEDIR = $(PREFIX)/share/locale
CFLAGS  ?= -O3 -g
VARIANT ?= normal

B := .build/$(VARIANT)
ifeq ($(VARIANT),asan)
SAN    := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
CFLAGS := -O1 -g
BIN    := $(B)/carcref
export UBSAN_OPTIONS ?= print_stacktrace=1
else
BIN    := carcref
endif

# Link-time optimisation of ./carcref, with gcc: the modules reach the
# engine through the calls of rules/ext.h, its one narrow API, which gcc
# then inlines across files (make bench: 5% fewer instructions a move with
# every set, 3.5% for the base game).  Fat objects: the test programs link
# their plain code, with no LTO step each.  LTO= turns it off; the
# sanitised variant and clang go without.
ifeq ($(VARIANT),normal)
LTO ?= $(if $(shell $(CC) -v 2>&1 | grep '^gcc version'),-flto=auto -ffat-lto-objects)
endif
NOLTO := $(if $(LTO),-fno-lto)

WARN        := -std=c17 -Wall -Wextra -Werror -pedantic
CPPFLAGS    += -I. -MMD -MP -D_POSIX_C_SOURCE=200809L
YAML_CFLAGS := $(shell pkg-config --cflags yaml-0.1 2>/dev/null)
YAML_LIBS   := $(shell pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml)
CMOCKA_CFLAGS := $(shell pkg-config --cflags cmocka 2>/dev/null)
CMOCKA_LIBS   := $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)
# libunistring (notation/names.c: names compared after normalisation) has
# no pkg-config file.
UNISTRING_LIBS := -lunistring
COMPILE      = $(CC) $(WARN) $(CFLAGS) $(SAN) $(CPPFLAGS) $(YAML_CFLAGS)

obj    = $(patsubst %.c,$(B)/%.o,$(1))
RULES := $(call obj,$(wildcard rules/*.c))
NOTN  := $(call obj,$(wildcard notation/*.c))
CMD   := $(call obj,$(wildcard cmd/*.c))
TESTS := $(patsubst %.c,$(B)/%,$(wildcard tests/test_*.c))
LIBS  := $(B)/libnotation.a $(B)/librules.a
TILES := $(wildcard rules/tiles/*.yaml)

# Message catalogues: po/LANG.po -> .build/locale/LANG/LC_MESSAGES/carcref.mo
# (one tree for every variant: the binaries find it next to them).
LINGUAS := $(patsubst po/%.po,%,$(wildcard po/*.po))
MOS     := $(LINGUAS:%=.build/locale/%/LC_MESSAGES/carcref.mo)

.PHONY: all check test cli run deps install bench lint-man po clean FORCE
all: $(BIN) $(MOS)

# ---- what make prints ----------------------------------------------------
#
# One line a file made, "  CC      rules/game.c" (" [asan]" after a source
# compiled for another variant); V=1 prints the commands themselves instead.
V ?=
VTAG := $(if $(filter-out normal,$(VARIANT)), [$(VARIANT)])
ifeq ($(V),1)
say =
else
say = printf '  %-7s %s\n' '$(1)' '$(2)'
endif

# A file that holds a text, rewritten (and so made newer than what
# depends on it) only when the text changes: $(call stamp,FILE,TEXT).
stamp = mkdir -p $(dir $(1)); echo '$(2)' | cmp -s - $(1) || echo '$(2)' >$(1)

# ---- build ----------------------------------------------------------------

$(BIN): $(CMD) $(B)/gen/tilepacks.o $(LIBS)
	@$(call say,LD,$@)
	$(CC) $(SAN) $(LTO) $(LDFLAGS) -o $@ $^ $(YAML_LIBS) $(UNISTRING_LIBS) -lreadline

# The shipped tile files compiled in (tools/tilepack.c): each file's text
# and its set, read once here, so that a start unpacks them rather than
# parse them with libyaml.  The YAML files stay the source: one that
# differs at run time from what was built is parsed as ever.
$(B)/tools/tilepack: tools/tilepack.c $(LIBS) $(B)/flags
	@mkdir -p $(@D)
	@$(call say,CCLD,$@)
	$(COMPILE) $(NOLTO) $(LDFLAGS) -o $@ $< $(LIBS) $(YAML_LIBS) $(UNISTRING_LIBS)
$(B)/gen/tilepacks.c: $(B)/tools/tilepack $(TILES)
	@mkdir -p $(@D)
	@$(call say,GEN,$@)
	$(B)/tools/tilepack $@ rules/tiles
$(B)/gen/tilepacks.o: $(B)/gen/tilepacks.c $(B)/flags
	@$(call say,CC,$<$(VTAG))
	$(COMPILE) $(LTO) -c -o $@ $<

$(B)/librules.a: $(RULES)
$(B)/libnotation.a: $(NOTN)
$(B)/lib%.a:
	@mkdir -p $(@D); rm -f $@
	@$(call say,AR,$@)
	$(AR) rcs $@ $^

# Only cmd/datadir.c names where the data is installed: PREFIX rebuilds
# it alone, and only when the directories it names change.
$(B)/cmd/datadir.o: CPPFLAGS += -DCARCREF_DATADIR='"$(DATADIR)"' -DCARCREF_LOCALEDIR='"$(LOCALEDIR)"'
$(B)/cmd/datadir.o: $(B)/dirs
$(B)/%.o: %.c $(B)/flags
	@mkdir -p $(@D)
	@$(call say,CC,$<$(VTAG))
	$(COMPILE) $(LTO) -c -o $@ $<

$(B)/tests/%: tests/%.c $(LIBS) $(B)/flags
	@mkdir -p $(@D)
	@$(call say,CCLD,$@)
	$(COMPILE) $(CMOCKA_CFLAGS) $(NOLTO) $(LDFLAGS) -o $@ $< $(LDLIBS_EXTRA) $(LIBS) $(YAML_LIBS) $(UNISTRING_LIBS) $(CMOCKA_LIBS)

# The test of the build's packs links them.
$(B)/tests/test_tilepack: $(B)/gen/tilepacks.o
$(B)/tests/test_tilepack: LDLIBS_EXTRA = $(B)/gen/tilepacks.o

# msgfmt -c checks each translation's printf directives against its source.
.build/locale/%/LC_MESSAGES/carcref.mo: po/%.po
	@mkdir -p $(@D)
	@$(call say,MSGFMT,$<)
	msgfmt -c -o $@ $<

ifneq ($(V),1)
.SILENT: $(BIN) $(LIBS) $(RULES) $(NOTN) $(CMD) $(TESTS) $(MOS) $(B)/tools/tilepack \
	$(B)/gen/tilepacks.c $(B)/gen/tilepacks.o
endif

# "make po": the messages marked in the sources (_, N_, C_) into
# po/carcref.pot, and every po/LANG.po brought up to date with them.
po:
	xgettext --from-code=UTF-8 --language=C --keyword=_ --keyword=N_ --keyword=NP_:1,2 \
		--keyword=C_:1c,2 --add-comments=TRANSLATORS: --package-name=carcref \
		--sort-by-file --force-po -o po/carcref.pot cmd/*.c notation/*.c rules/*.c
	@for l in $(LINGUAS); do msgmerge -q --update --backup=none po/$$l.po po/carcref.pot; done

# Everything is rebuilt when the compiler or its flags change; datadir.o
# alone when the installed directories do.  The stamps are brought up to
# date as the Makefile is read (so "make -n" tells the truth), except that
# "make install" alone keeps the flags recorded: it installs what was built
# (sudo passes no CC or CFLAGS on), building only what is missing or older
# than its sources.
FLAGS = $(CC) $(CFLAGS) $(SAN) $(LDFLAGS) $(LTO)
INSTALL_ONLY := $(if $(MAKECMDGOALS),$(if $(filter-out install,$(MAKECMDGOALS)),,yes))
$(shell $(if $(INSTALL_ONLY),test -f $(B)/flags ||) { $(call stamp,$(B)/flags,$(FLAGS)); })
$(shell $(call stamp,$(B)/dirs,$(DATADIR) $(LOCALEDIR)))
$(B)/flags:
	@$(call stamp,$@,$(FLAGS))
$(B)/dirs:
	@$(call stamp,$@,$(DATADIR) $(LOCALEDIR))

-include $(RULES:.o=.d) $(NOTN:.o=.d) $(CMD:.o=.d) $(TESTS:=.d)

# ---- tests ----------------------------------------------------------------

check: deps lint-man
	@echo "== tests/build.sh"; CC='$(CC)' MAKE='$(MAKE)' bash tests/build.sh
	@$(MAKE) --no-print-directory VARIANT=normal test
	@$(MAKE) --no-print-directory VARIANT=normal cli
	@$(MAKE) --no-print-directory VARIANT=asan test
	@$(MAKE) --no-print-directory VARIANT=asan cli
	@$(MAKE) --no-print-directory fuzz-smoke

# Run every cmocka program (from the repo root, with the tile data), then
# fail if any of them failed.
test: $(TESTS)
	@failed=; for t in $(TESTS); do \
		echo "== $(VARIANT): $$t"; \
		CARCREF_DATA=rules/tiles ./$$t || failed="$$failed $$t"; \
	done; \
	if [ -n "$$failed" ]; then echo "$(VARIANT): FAILED:$$failed"; exit 1; fi; \
	echo "$(VARIANT): $(words $(TESTS)) test programs passed"

cli: $(BIN) $(MOS)
	@echo "== $(VARIANT): tests/cli.sh"
	@CARCREF=./$(BIN) CARCREF_DATA=rules/tiles bash tests/cli.sh
	@echo "== $(VARIANT): tests/repl.sh"
	@CARCREF=./$(BIN) CARCREF_DATA=rules/tiles bash tests/repl.sh
	@echo "== $(VARIANT): tests/fr-notation.sh"; CARCREF=./$(BIN) CARCREF_DATA=rules/tiles bash tests/fr-notation.sh

deps:
	@bash .ci/deps

# "run" starts the table REPL on a new 2-player game.  Without a terminal
# on its standard input the REPL reads commands line by line and stops at
# the end of the input, so "make run" never waits for a person in CI.
RUN_ARGS ?=
run: deps
	@$(MAKE) --no-print-directory all
	./$(BIN) $(RUN_ARGS)

# ---- the rest -------------------------------------------------------------

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(DATADIR)
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/carcref
	$(if $(TILES),install -m 644 $(TILES) $(DESTDIR)$(DATADIR)/)
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -m 644 completions/carcref $(DESTDIR)$(PREFIX)/share/bash-completion/completions/carcref
	$(foreach l,$(LINGUAS),install -d $(DESTDIR)$(LOCALEDIR)/$l/LC_MESSAGES && \
		install -m 644 .build/locale/$l/LC_MESSAGES/carcref.mo $(DESTDIR)$(LOCALEDIR)/$l/LC_MESSAGES/;)
	$(foreach s,1 5,$(if $(wildcard man/*.$s),\
		install -d $(DESTDIR)$(PREFIX)/share/man/man$s && \
		install -m 644 $(wildcard man/*.$s) $(DESTDIR)$(PREFIX)/share/man/man$s/;))

bench: all
	@if [ -f tests/bench.sh ]; then CARCREF=./$(BIN) bash tests/bench.sh; \
	else echo "bench: none yet"; fi

# ---- fuzzing and memory checks (tests/fuzz/README.md) -----------------------
#
#   make fuzz [FUZZ_SECONDS=60]   each libFuzzer harness tests/fuzz/fuzz_NAME.c
#                                 for FUZZ_SECONDS, from its seeds in
#                                 tests/fuzz/corpus/NAME/ (new inputs are kept
#                                 in .build/fuzz/corpus/NAME/, crashes in
#                                 .build/fuzz/crashes/NAME/)
#   make fuzz-smoke               the same for FUZZ_SMOKE_SECONDS (10) each,
#                                 after replaying tests/fuzz/regress/NAME/*;
#                                 part of make check
#   make memcheck                 tests/memcheck.sh: carcref and the cmocka
#                                 programs under valgrind, 0 errors and leaks
#
# The harnesses are built with clang (FUZZ_CC), whatever CC is: the rules/
# and notation/ sources with ASan, UBSan and libFuzzer's coverage, in
# .build/fuzz/.  Harnesses run FUZZ_JOBS at a time (default: the CPUs).

FUZZ_CC            ?= clang
FUZZ_SECONDS       ?= 60
FUZZ_SMOKE_SECONDS ?= 10
FUZZ_JOBS          ?=
FZ          := .build/fuzz
FUZZ_CFLAGS := -std=c17 -g -O1 -Wall -Wextra -Werror -pedantic -fno-omit-frame-pointer \
	-fsanitize=address,undefined -fno-sanitize-recover=all \
	-I. -MMD -MP -D_POSIX_C_SOURCE=200809L $(YAML_CFLAGS)
FUZZ_NAMES  := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BINS   := $(FUZZ_NAMES:%=$(FZ)/fuzz_%)
FUZZ_OBJS   := $(patsubst %.c,$(FZ)/%.o,$(wildcard rules/*.c notation/*.c))
FUZZ_RUN     = FUZZ_JOBS='$(FUZZ_JOBS)' CARCREF_DATA=rules/tiles bash tests/fuzz/run.sh

.PHONY: fuzz fuzz-smoke fuzz-build fuzz-deps memcheck
fuzz: fuzz-build
	@$(FUZZ_RUN) fuzz $(FUZZ_SECONDS) $(FUZZ_NAMES)

fuzz-smoke: fuzz-build
	@$(FUZZ_RUN) smoke $(FUZZ_SMOKE_SECONDS) $(FUZZ_NAMES)

fuzz-build: $(FUZZ_BINS)

fuzz-deps:
	@bash .ci/deps clang libclang-rt-dev

$(FZ)/%.o: %.c $(FZ)/flags | fuzz-deps
	@mkdir -p $(@D)
	@$(call say,CC,$@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FZ)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJS) $(FZ)/flags | fuzz-deps
	@$(call say,CCLD,$@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJS) $(YAML_LIBS) $(UNISTRING_LIBS)

$(FZ)/flags: FORCE
	@$(call stamp,$@,$(FUZZ_CC) $(FUZZ_CFLAGS))

ifneq ($(V),1)
.SILENT: $(FUZZ_OBJS) $(FUZZ_BINS)
endif

.SECONDARY: $(FUZZ_OBJS)
-include $(FUZZ_OBJS:.o=.d) $(FUZZ_BINS:=.d)

memcheck:
	@bash .ci/deps valgrind
	@$(MAKE) --no-print-directory VARIANT=normal all \
		$(patsubst %.c,.build/normal/%,$(wildcard tests/test_*.c))
	@CARCREF=./carcref CARCREF_DATA=rules/tiles bash tests/memcheck.sh

MANS := $(wildcard man/*.[15])
lint-man:
	@if [ -z "$(MANS)" ]; then echo "lint-man: no man pages yet"; \
	elif command -v mandoc >/dev/null; then mandoc -T lint -W warning $(MANS); \
	else for m in $(MANS); do groff -man -ww -z $$m || exit 1; done; fi

clean:
	rm -rf .build carcref
