#include "cli/app_spec.h"

#include <CLI/CLI.hpp>
#include <catch2/catch.hpp>

#include "cli/bash_completion.h"
#include "cli/man_page.h"
#include "cli/zsh_completion.h"

namespace qadvisor::cli {
namespace {

using Catch::Matchers::Contains;

// A small command line with one of each kind of thing the generators handle, and text that
// roff and zsh must escape.
struct ToyApp {
  CLI::App app{"tool: does things", "tool"};
  std::vector<std::string> files, schemas;
  std::string format = "a", output, secret;
  bool quiet = false;

  ToyApp() {
    app.set_version_flag("--version", std::string("tool 1.0"));
    CLI::App* run = app.add_subcommand("run", "Run it");
    run->add_option("FILE", files, "Inputs")->required();
    run->add_option("--format", format, "Report format [a or b]")
        ->check(CLI::IsMember({"a", "b"}))
        ->capture_default_str();
    run->add_option("-o,--output", output, ".starts with a dot, has a \\ and 'quotes'");
    run->add_flag("--quiet", quiet, "Say less \u2026 \xff")->group("Output");
    run->add_option("--schema", schemas, "DDL file (repeatable)")->allow_extra_args(false);
    run->add_option("--secret", secret, "Hidden")->group("");
    app.add_subcommand("gen", "Hidden command")->group("");
  }
};

const OptionSpec& Find(const std::vector<OptionSpec>& options, const std::string& name) {
  for (const OptionSpec& o : options) {
    if (!o.names.empty() && o.names.back() == name) return o;
  }
  FAIL("no option " << name);
  return options.front();
}

TEST_CASE("DescribeApp reads commands, options, values and choices, hidden ones are left out") {
  ToyApp toy;
  const CommandSpec spec = DescribeApp(toy.app);
  CHECK(spec.name == "tool");
  CHECK(spec.description == "tool: does things");
  REQUIRE(spec.commands.size() == 1);  // `gen` is hidden
  const CommandSpec& run = spec.commands[0];
  CHECK(run.name == "run");
  CHECK(run.description == "Run it");
  REQUIRE(run.options.size() == 5);  // --help, --format, -o/--output, --quiet, --schema
  CHECK(run.options[0].names == std::vector<std::string>{"-h", "--help"});
  CHECK(run.options[0].value.empty());

  const OptionSpec& format = Find(run.options, "--format");
  CHECK(format.choices == std::vector<std::string>{"a", "b"});
  CHECK(format.value == "TEXT");
  CHECK(format.default_value == "a");
  CHECK_FALSE(format.repeatable);
  CHECK(Find(run.options, "--output").names == std::vector<std::string>{"-o", "--output"});
  CHECK(Find(run.options, "--quiet").value.empty());
  CHECK(Find(run.options, "--quiet").group == "Output");
  CHECK(Find(run.options, "--schema").repeatable);

  REQUIRE(run.positionals.size() == 1);
  CHECK(run.positionals[0].value == "FILE");
  CHECK(run.positionals[0].repeatable);
  CHECK(run.positionals[0].required);

  CHECK(Find(spec.options, "--version").value.empty());
}

TEST_CASE("ManPage: every command and option, escaped for roff") {
  ToyApp toy;
  const std::string man = ManPage(DescribeApp(toy.app), "1.0");
  CHECK_THAT(man, Contains(".TH TOOL 1 \"\" \"tool 1.0\" \"User Commands\"\n"));
  CHECK_THAT(man, Contains(".SH NAME\ntool \\- does things\n"));
  CHECK_THAT(man, Contains(".SS \"tool run [OPTIONS] FILE...\"\nRun it.\n"));
  CHECK_THAT(man, Contains(".TP\n\\fB\\-\\-format\\fR \\fIa\\fR|\\fIb\\fR\nReport format [a or b]\n"
                           ".br\nDefault: \\fIa\\fR.\n"));
  CHECK_THAT(man, Contains(".TP\n\\fB\\-o\\fR, \\fB\\-\\-output\\fR \\fITEXT\\fR\n"
                           "\\&.starts with a dot, has a \\e and 'quotes'\n"));
  CHECK_THAT(man, Contains(".TP\n\\fIFILE\\fR...\nInputs\n"));
  // Two headings in `run`, as --help shows them.
  CHECK_THAT(man, Contains(".PP\n\\fIOutput\\fR:\n.TP\n\\fB\\-\\-quiet\\fR\n"));
  // Past ASCII: groff's \[uXXXX] for UTF-8, '?' for a byte that is not.
  CHECK_THAT(man, Contains("Say less \\[u2026] ?\n"));
  CHECK_THAT(man, Contains("\\fB\\-\\-version\\fR\n"));
  CHECK_THAT(man, !Contains("secret") && !Contains("Hidden command"));
}

TEST_CASE("BashCompletion: commands, options and choices, hidden ones are left out") {
  ToyApp toy;
  const std::string bash = BashCompletion(DescribeApp(toy.app));
  CHECK_THAT(bash, Contains("words=\"-h --help --version\"; else words=\"run\"; fi"));
  CHECK_THAT(bash, Contains("    run)\n"));
  CHECK_THAT(bash, Contains("--format) COMPREPLY=($(compgen -W \"a b\" -- \"$cur\")); return ;;"));
  CHECK_THAT(bash, Contains("-o|--output|--schema) return ;;"));  // file names
  CHECK_THAT(bash, Contains("words=\"-h --help --format -o --output --quiet --schema\""));
  CHECK_THAT(bash, Contains("complete -o default -F _tool tool\n"));
  CHECK_THAT(bash, !Contains("secret") && !Contains("gen)"));
}

TEST_CASE("ZshCompletion: specs with descriptions, escaped for _arguments") {
  ToyApp toy;
  const std::string zsh = ZshCompletion(DescribeApp(toy.app));
  CHECK_THAT(zsh, Contains("#compdef tool\n"));
  CHECK_THAT(zsh, Contains("        'run:Run it'\n"));
  CHECK_THAT(zsh, Contains("        run) _tool_run ;;\n"));
  CHECK_THAT(zsh, Contains("'--format=[Report format \\[a or b\\]]:TEXT:(a b)'"));
  CHECK_THAT(zsh, Contains("'(-o --output)-o+[.starts with a dot, has a \\\\ and '\\''quotes'\\'']"
                           ":TEXT:_files'"));
  CHECK_THAT(zsh, Contains("'(-o --output)--output=["));
  CHECK_THAT(zsh, Contains("'--quiet[Say less \u2026 \xff]'"));
  CHECK_THAT(zsh, Contains("'*--schema=[DDL file (repeatable)]:TEXT:_files'"));
  CHECK_THAT(zsh, Contains("'*:FILE:_files'"));
  CHECK_THAT(zsh, Contains("'(- *)--version[Display program version information and exit]'"));
  CHECK_THAT(zsh, !Contains("secret") && !Contains("_tool_gen"));
}

}  // namespace
}  // namespace qadvisor::cli
