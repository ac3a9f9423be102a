// validate_sarif FILE: checks a SARIF log as GitHub code scanning needs it (sarif_validator.h),
// for the end-to-end test of `qadvisor check --format sarif`. Exit 0 when valid; else each
// problem on stderr and exit 1.
#include <fstream>
#include <iostream>
#include <sstream>

#include "tests/report/sarif_validator.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: validate_sarif FILE\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  nlohmann::json doc = nlohmann::json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) {
    std::cerr << argv[1] << ": not JSON\n";
    return 1;
  }
  const std::vector<std::string> problems = qadvisor::testing::ValidateSarifForGithub(doc);
  for (const std::string& p : problems) std::cerr << argv[1] << ": " << p << "\n";
  if (problems.empty() && doc["runs"][0]["results"].empty()) {
    std::cerr << argv[1] << ": valid, but no results to check\n";
    return 1;
  }
  return problems.empty() ? 0 : 1;
}
