// The builder's inputs: compile_commands.json, the prefix header's includes, the depfile format
// and the configuration CMake writes.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "builder_fixture.hpp"
#include "tinyllm/base/dependency_list.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "tinyllm/builder/build_generated.hpp"
#include "tinyllm/builder/compile_command.hpp"

namespace tinyllm::builder {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;

// Catches: a quoted define (CMake writes -DNAME=\"value\") split in two or kept with its quotes.
TEST(BuilderCommand, SplitsLikeAShell) {
  EXPECT_THAT(split_command_line(R"(c++ -DA=\"x\" "-DB=two words" 'single q' plain\ space)"),
              ElementsAre("c++", "-DA=\"x\"", "-DB=two words", "single q", "plain space"));
}

// Catches: picking a pitfall variant's command for a file (TINYLLM_MUTANT=N baked into every
// mutant), or keeping -o/-MF parts that would overwrite the reference's object and depfile.
TEST(BuilderCommand, FindsTheReferenceCommandAndDropsItsFileParts) {
  const testing::FixtureProject project(testing::kModuleSource, /*compile=*/false);
  const auto database =
      nlohmann::json::parse(base::read_whole_file(project.root() / "build/compile_commands.json"));
  const ReferenceCompile found = find_reference_compile(database, project.root() / "src/module.cpp",
                                                        project.options().reference_objects);
  EXPECT_EQ(found.object, fs::weakly_canonical(project.root() / "build/obj/module.cpp.o"));
  EXPECT_THAT(found.command,
              ElementsAre(TINYLLM_TEST_CXX, "-DTINYLLM_MUTANT=0", "-O2", "-fPIC", "-std=c++20"));
  const auto arguments = stdin_compile_arguments(found, "out.o", {"-include", "p.hpp"});
  EXPECT_THAT(std::vector<std::string>(arguments.end() - 12, arguments.end()),
              ElementsAre("-g0", "-w", "-iquote", (project.root() / "src").string(), "-include",
                          "p.hpp", "-x", "c++", "-c", "-o", "out.o", "-"));
}

// Catches: a file missing from compile_commands.json passing silently (mutants compiled with no
// flags at all).
TEST(BuilderCommand, FileWithoutAReferenceCommandIsAnError) {
  const testing::FixtureProject project(testing::kModuleSource, /*compile=*/false);
  const auto database =
      nlohmann::json::parse(base::read_whole_file(project.root() / "build/compile_commands.json"));
  EXPECT_THROW(find_reference_compile(database, project.root() / "src/missing.cpp",
                                      project.options().reference_objects),
               BuildError);
}

// Catches: an include inside #if moved into the prefix (it would be compiled unconditionally),
// or a header included twice.
TEST(BuilderPrefixHeader, TakesEachUnconditionalIncludeOnce) {
  const testing::FixtureProject project(testing::kModuleSource, /*compile=*/false);
  base::write_whole_file(project.root() / "a.cpp",
                         "#include <string>\n#include \"x.hpp\"\n#ifdef WINDOWS\n#include "
                         "<windows.h>\n#endif\nint f();\n");
  base::write_whole_file(project.root() / "b.cpp", "  #  include <string>\n#include <vector>\n");
  EXPECT_EQ(prefix_header_text({project.root() / "a.cpp", project.root() / "b.cpp"}),
            "#include <string>\n#include \"x.hpp\"\n#include <vector>\n");
}

// Catches: the target or a continuation backslash taken for a header (the cache key would miss
// a header's change or fail on a file named "\").
TEST(BuilderPrefixHeader, ParsesMakeDependencies) {
  EXPECT_THAT(
      base::parse_dependencies("prefix.o: prefix.hpp /usr/include/a.h \\\n  /x/with\\ space.h\n"),
      ElementsAre("prefix.hpp", "/usr/include/a.h", "/x/with space.h"));
}

// Catches: a configuration with a typo accepted (its value silently ignored).
TEST(BuilderConfig, UnknownKeyIsAnError) {
  const std::string base =
      "source_root=/s\ncompile_commands=/b/cc.json\nreference_objects=/b/a.o;/b/c.o\n"
      "link_command=c++;-fsanitize=address;\nvariants_dir=/b/variants\ncache_dir=/b/cache\n"
      "depfile=/b/d\nschema_dir=/s/mutants/schema\n";
  const BuildOptions options = parse_config(base, "conf");
  EXPECT_THAT(options.reference_objects, ElementsAre("/b/a.o", "/b/c.o"));
  EXPECT_THAT(options.link_command, ElementsAre("c++", "-fsanitize=address"));
  EXPECT_FALSE(options.files.empty());  // the generator's module files
  EXPECT_THROW(parse_config(base + "variant_dir=/x\n", "conf"), BuildError);
  EXPECT_THROW(parse_config("source_root=/s\n", "conf"), BuildError);
}

}  // namespace
}  // namespace tinyllm::builder
