# Fails when the block of rooms in docs/architecture.md (```rooms ... ```) differs from the rooms
# runner/CMakeLists.txt builds and the rooms each links (ROOMS, written at configure time).
# Catches: a room added, removed or given a new dependency without the picture saying so.
# cmake -DDOC=docs/architecture.md -DROOMS=build/runner/rooms.txt -P check_architecture_doc.cmake
file(READ "${DOC}" doc)
string(FIND "${doc}" "```rooms\n" start)
if(start EQUAL -1)
  message(FATAL_ERROR "${DOC}: no ```rooms block; it lists each room as 'room: rooms it links'")
endif()
math(EXPR start "${start} + 9")
string(SUBSTRING "${doc}" ${start} -1 rest)
string(FIND "${rest}" "```" end)
string(SUBSTRING "${rest}" 0 ${end} documented)
file(READ "${ROOMS}" built)
foreach(text IN ITEMS documented built)
  string(STRIP "${${text}}" ${text})
  string(REPLACE "\n" ";" ${text} "${${text}}")
  list(TRANSFORM ${text} STRIP)
  list(SORT ${text})
endforeach()
if(NOT documented STREQUAL built)
  list(JOIN documented "\n  " documented)
  list(JOIN built "\n  " built)
  message(FATAL_ERROR "${DOC} and the build disagree on the grader's rooms.\n"
                      "documented:\n  ${documented}\nbuilt (runner/CMakeLists.txt):\n  ${built}\n"
                      "Update the ```rooms block (and the picture above it) to the build.")
endif()
message(STATUS "docs/architecture.md matches the rooms of the build")
