#include "cli/app_spec.h"

#include <CLI/CLI.hpp>
#include <string_view>

namespace qadvisor::cli {
namespace {

// --help shows a value as its type name, then each check's own description after a colon:
// "TEXT:{text,json,markdown}" for a CLI::IsMember check, whose description is its set. That
// set is the one place CLI11 exposes the allowed values, so the choices are read from it.
void ReadValue(const CLI::Option& option, OptionSpec& spec) {
  const std::string type = option.get_type_name();
  spec.value = type.substr(0, type.find(':'));
  const size_t open = type.find(":{");
  const size_t close = type.find('}', open);
  if (open == std::string::npos || close == std::string::npos) return;
  std::string_view set = std::string_view(type).substr(open + 2, close - open - 2);
  while (!set.empty()) {
    const size_t comma = set.find(',');
    spec.choices.emplace_back(set.substr(0, comma));
    set = comma == std::string_view::npos ? std::string_view() : set.substr(comma + 1);
  }
}

OptionSpec DescribeOption(const CLI::Option& option) {
  OptionSpec spec;
  for (const std::string& s : option.get_snames()) spec.names.push_back("-" + s);
  for (const std::string& l : option.get_lnames()) spec.names.push_back("--" + l);
  // A flag takes no value: CLI11 gives it a type size of 0.
  if (option.get_type_size_max() > 0) {
    ReadValue(option, spec);
    if (!option.nonpositional()) spec.value = option.get_single_name();  // FILE, LOG, RULE
  }
  spec.default_value = option.get_default_str();
  spec.description = option.get_description();
  spec.group = option.get_group();
  // More than one value kept: a vector (--schema, FILE...) or a policy that collects them.
  spec.repeatable = option.get_items_expected_max() > 1 ||
                    option.get_multi_option_policy() == CLI::MultiOptionPolicy::TakeAll ||
                    option.get_multi_option_policy() == CLI::MultiOptionPolicy::Join;
  spec.required = option.get_required();
  return spec;
}

}  // namespace

CommandSpec DescribeApp(const CLI::App& app) {
  CommandSpec spec;
  spec.name = app.get_name();
  spec.description = app.get_description();
  for (const CLI::Option* option : app.get_options()) {
    if (option->get_group().empty()) continue;  // hidden
    OptionSpec described = DescribeOption(*option);
    (option->nonpositional() ? spec.options : spec.positionals).push_back(std::move(described));
  }
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_group().empty()) continue;  // hidden
    spec.commands.push_back(DescribeApp(*sub));
  }
  return spec;
}

}  // namespace qadvisor::cli
