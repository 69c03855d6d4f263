# Exports the oracle and its variants from the build tree as the CMake package `tinyllm`, so that a
# separate project (a learner's suite, the grader) can find_package(tinyllm) with CMAKE_PREFIX_PATH
# pointing at this build folder and link tinyllm::oracle or tinyllm::oracle_sNN (one per mutant id
# of mutants/catalog.toml).
export(TARGETS ${TINYLLM_EXPORTED_TARGETS} NAMESPACE tinyllm::
       FILE "${CMAKE_BINARY_DIR}/tinyllmTargets.cmake")
file(WRITE "${CMAKE_BINARY_DIR}/tinyllmConfig.cmake"
     "include(\"\${CMAKE_CURRENT_LIST_DIR}/tinyllmTargets.cmake\")\n"
     "set(tinyllm_SOURCE_DIR \"${CMAKE_SOURCE_DIR}\")\n")
include(CMakePackageConfigHelpers)
write_basic_package_version_file("${CMAKE_BINARY_DIR}/tinyllmConfigVersion.cmake"
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
