// The learner's workspace without compiling anything: opening one (the exit-3 errors), the headers
// `start` writes, the resolver of the reference's variant sites, and the translation of the
// compiler's and linker's messages.
#include "workspace/workspace.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "config/build_info.hpp"
#include "config/errors.hpp"
#include "temp_folder.hpp"
#include "workspace/learner_headers.hpp"
#include "workspace/module_diagnostics.hpp"
#include "workspace/variant_sites.hpp"
#include "workspace/workspace_writer.hpp"

namespace tinyllm::runner {
namespace {

const fs::path source_dir = TINYLLM_SOURCE_DIR;

fs::path fresh_folder(const std::string& name) {
  static const tinyllm::base::testing::TempFolder root;  // removed when the process exits
  const fs::path dir = root.path() / (name + "-" + std::to_string(std::random_device{}()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Returns the message open_workspace throws for `dir` ("" when it opens).
std::string open_error(const fs::path& dir) {
  try {
    open_workspace(dir);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

fs::path started_workspace(const std::string& name) {
  const fs::path dir = fresh_folder(name) / "ws";
  write_workspace(dir, workspace_files(source_dir, {}));
  return dir;
}

// Catches open_workspace accepting a folder `start` did not write, or a workspace with a file of
// the module missing, instead of an exit-3 error that says what to do.
TEST(Workspace, open_rejects_what_is_not_a_complete_workspace) {
  const fs::path empty = fresh_folder("empty");
  EXPECT_NE(open_error(empty / "nowhere").find("is not a folder"), std::string::npos);
  EXPECT_NE(open_error(empty).find("not a workspace"), std::string::npos);
  EXPECT_NE(open_error(empty).find("tinyllm-grade start DIR"), std::string::npos);

  const fs::path ws = started_workspace("open");
  EXPECT_EQ(open_error(ws), "");
  std::ofstream(ws / "tinyllm-workspace.toml") << "format = 2\n";
  EXPECT_NE(open_error(ws).find("format 2"), std::string::npos);
  std::ofstream(ws / "tinyllm-workspace.toml") << workspace_marker_text;

  fs::remove(ws / "src" / "loss_scaler.cpp");
  const std::string missing_source = open_error(ws);
  EXPECT_NE(missing_source.find("src/loss_scaler.cpp is missing"), std::string::npos);
  EXPECT_NE(missing_source.find("tinyllm-grade start"), std::string::npos) << "how to get it back";
  fs::remove(ws / "include" / "tinyllm" / "train" / "recompute.hpp");
  EXPECT_NE(open_error(ws).find("include/tinyllm/train/recompute.hpp is missing"),
            std::string::npos);
}

// Catches a workspace that lists sources outside src/ or misses nested ones and test files.
TEST(Workspace, lists_every_module_source_and_test_sorted) {
  const fs::path ws = started_workspace("lists");
  fs::create_directories(ws / "src" / "detail");
  std::ofstream(ws / "src" / "detail" / "helpers.cpp") << "\n";
  std::ofstream(ws / "tests" / "more_test.cc") << "\n";
  const Workspace w = open_workspace(ws);
  ASSERT_EQ(w.module_sources.size(), 7u);
  EXPECT_TRUE(std::is_sorted(w.module_sources.begin(), w.module_sources.end()));
  EXPECT_EQ(w.module_sources[4], w.root / "src" / "detail" / "helpers.cpp");
  ASSERT_EQ(w.test_sources.size(), 2u);
  EXPECT_EQ(w.test_sources[1], w.root / "tests" / "more_test.cc");
}

// Catches `start` writing into a folder that holds something (a learner's work overwritten).
TEST(Workspace, start_refuses_a_folder_that_is_not_empty) {
  const fs::path dir = fresh_folder("busy");
  std::ofstream(dir / "notes.txt") << "mine\n";
  EXPECT_THROW(write_workspace(dir, workspace_files(source_dir, {})), UsageError);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
}

// Catches learner headers that differ from the oracle's anywhere but in the private members
// (a hand copy drifting from the contract), or that keep the reference's members.
TEST(LearnerHeaders, keep_every_public_byte_and_cut_the_private_members) {
  const std::string oracle = read(source_dir / "oracle/include/tinyllm/train/precision.hpp");
  const std::string learner = without_private_members(oracle);
  EXPECT_EQ(learner.find("previous_"), std::string::npos);
  EXPECT_EQ(learner.find("state_;"), std::string::npos);
  EXPECT_EQ(learner.find("exceptions_on_entry_"), std::string::npos);
  // Everything before the first private section, and between the classes, is unchanged.
  const auto first_private = oracle.find(" private:");
  EXPECT_EQ(learner.substr(0, first_private), oracle.substr(0, first_private));
  const auto scaler_state = oracle.find("struct ScalerState");
  const auto second_private = oracle.find(" private:", scaler_state);
  const std::string between = oracle.substr(scaler_state, second_private - scaler_state);
  EXPECT_NE(learner.find(between), std::string::npos);
  EXPECT_NE(learner.find("using Batch"), std::string::npos);
  // The comment stands where each section was, and the class still closes.
  EXPECT_NE(learner.find(" private:\n" + std::string(learner_private_members_comment) + "};"),
            std::string::npos);
  const std::string recompute = read(source_dir / "oracle/include/tinyllm/train/recompute.hpp");
  EXPECT_EQ(without_private_members(recompute), recompute) << "no class, nothing to cut";
}

// Catches the resolver keeping the wrong side of a guard: positive guards keep their statement
// only for a chosen pitfall, negated ones only for the others, wheats always as the reference;
// nested if/for bodies, blocks with braces and literals are taken whole.
TEST(VariantSites, resolves_each_kind_of_guard) {
  const std::string source =
      "void f() {\n"
      "  // s01: a positive one-liner\n"
      "  if (tinyllm::detail::is_mutant(1)) x = \";}\";\n"
      "  // s02: a negated loop with a nested if\n"
      "  if (!tinyllm::detail::is_mutant(2))\n"
      "    for (auto p : ps)\n"
      "      if (p) p.go();  // why\n"
      "  // s03: a block\n"
      "  if (tinyllm::detail::is_mutant(3)) {\n"
      "    y = '}';\n"
      "  }\n"
      "  // w04: a wheat\n"
      "  if (tinyllm::detail::is_wheat(4)) z = 1;\n"
      "  done();\n"
      "}\n";
  EXPECT_EQ(resolve_variant_sites(source, {}),
            "void f() {\n"
            "  for (auto p : ps)\n"
            "    if (p) p.go();  // why\n"
            "  done();\n"
            "}\n");
  EXPECT_EQ(resolve_variant_sites(source, {1, 2, 3}),
            "void f() {\n"
            "  x = \";}\";\n"
            "  {\n"
            "    y = '}';\n"
            "  }\n"
            "  done();\n"
            "}\n");
  EXPECT_EQ(pitfall_sites(source), (std::set<int>{1, 2, 3}));
  EXPECT_THROW(resolve_variant_sites("  // s05: no guard\n  x = 1;\n", {}), std::runtime_error);
  EXPECT_THROW(resolve_variant_sites("  if (tinyllm::detail::is_mutant(5)) x = 1;\n", {}),
               std::runtime_error);
}

// Catches a workspace module file that still needs the oracle's internals (mutant.hpp, the
// train/ folder) or carries a marker naming the pitfall.
TEST(VariantSites, workspace_files_are_plain_code) {
  for (const std::string& file : split_list(build_info::module_sources, ';')) {
    const std::string text = workspace_module_file(read(source_dir / "oracle" / file), {7, 18});
    SCOPED_TRACE(file);
    EXPECT_EQ(text.find("mutant.hpp"), std::string::npos);
    EXPECT_EQ(text.find("#include \"train/"), std::string::npos);
    EXPECT_EQ(text.find("is_mutant"), std::string::npos);
    EXPECT_EQ(text.find("// s07:"), std::string::npos);
  }
  EXPECT_EQ(parse_pitfall_list("s07,s12", source_dir), (std::set<int>{7, 12}));
  try {
    parse_pitfall_list("s07,s99", source_dir);
    ADD_FAILURE() << "s99 accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("s99"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("s01,s02"), std::string::npos) << "names the known ones";
  }
}

// Catches linker messages left raw: a function defined twice named with its two files, one the
// foundation defines too, one not defined, mangled or demangled.
TEST(ModuleDiagnostics, translates_the_linkers_messages) {
  const std::map<std::string, std::string> sources = {
      {"/w/.tinyllm/module/objects/cast-1.o", "src/cast.cpp"},
      {"/w/.tinyllm/module/objects/extra-2.o", "src/extra.cpp"},
      {"/w/.tinyllm/module/objects/checkpoint-3.o", "src/checkpoint.cpp"}};
  const std::string ld =
      "/usr/bin/ld: /w/.tinyllm/module/objects/extra-2.o: in function "
      "`tinyllm::train::cast(tinyllm::Tensor const&, std::basic_string_view<char, "
      "std::char_traits<char> >)':\n"
      "extra.cpp:(.text+0x0): multiple definition of `tinyllm::train::cast(tinyllm::Tensor "
      "const&, std::basic_string_view<char, std::char_traits<char> >)'; "
      "/w/.tinyllm/module/objects/cast-1.o:cast.cpp:(.text+0x0): first defined here\n"
      "/usr/bin/ld: /b/foundation/libtinyllm_foundation.a(schedule.cpp.o): in function "
      "`tinyllm::train::checkpoint_schedule(unsigned long, unsigned long)':\n"
      "schedule.cpp:(.text+0x0): multiple definition of "
      "`_ZN7tinyllm5train19checkpoint_scheduleEmm'; "
      "/w/.tinyllm/module/objects/checkpoint-3.o:checkpoint.cpp:(.text+0x0): first defined here\n"
      "/usr/bin/ld: contract_check.cpp:(.text+0x1): undefined reference to "
      "`tinyllm::train::DynamicLossScaler::step(tinyllm::optim::Optimizer&, "
      "std::vector<tinyllm::Tensor, std::allocator<tinyllm::Tensor> > const&, "
      "std::optional<double>)'\n"
      "collect2: error: ld returned 1 exit status\n";
  const std::vector<std::string> problems = link_problems(ld, sources);
  ASSERT_EQ(problems.size(), 3u) << ::testing::PrintToString(problems);
  EXPECT_NE(problems[0].find("`cast` is defined twice: src/extra.cpp and src/cast.cpp"),
            std::string::npos)
      << problems[0];
  EXPECT_NE(problems[1].find("`checkpoint_schedule` is defined in src/checkpoint.cpp, but the "
                             "foundation provides it"),
            std::string::npos)
      << problems[1];
  EXPECT_NE(problems[2].find("`DynamicLossScaler::step` is not defined (or not with the "
                             "contract's signature"),
            std::string::npos)
      << problems[2];
  EXPECT_EQ(demangled("_ZN7tinyllm5train14autocast_dtypeEv"), "tinyllm::train::autocast_dtype()");
}

}  // namespace
}  // namespace tinyllm::runner
