# Fails when the grader's rooms as documented differ from the rooms runner/CMakeLists.txt builds
# and the rooms each links (ROOMS, written at configure time): the block of rooms in
# docs/architecture.md (```rooms ... ```), and each room's README, whose "May use:" sentence names
# (in backquotes) exactly the rooms it links.
# Catches: a room added, removed or given a new dependency without the picture or its README
# saying so.
# cmake -DDOC=docs/architecture.md -DROOMS=build/runner/rooms.txt -DREADMES=runner/src
#       -P check_rooms_docs.cmake
cmake_policy(VERSION 3.20)
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

# Each line of ROOMS is "room: used used ..."; `base` is a name a README may use too.
set(names base)
foreach(line IN LISTS built)
  string(REGEX REPLACE ":.*" "" room "${line}")
  list(APPEND names "${room}")
endforeach()
set(problems "")
foreach(line IN LISTS built)
  string(REGEX MATCH "^([a-z_]+):(.*)$" _ "${line}")
  set(room "${CMAKE_MATCH_1}")
  string(STRIP "${CMAKE_MATCH_2}" uses)
  separate_arguments(uses UNIX_COMMAND "${uses}")
  list(SORT uses)
  set(readme "${READMES}/${room}/README.md")
  if(NOT EXISTS "${readme}")
    string(APPEND problems "\n  ${readme} is missing")
    continue()
  endif()
  file(READ "${readme}" text)
  # The sentence from "May use:" to its first full stop.
  if(NOT text MATCHES "May use:([^.]|\\.[^ \n])*\\.[ \n]")
    string(APPEND problems "\n  ${readme}: no \"May use:\" sentence")
    continue()
  endif()
  string(REGEX MATCHALL "`[a-z_]+`" quoted "${CMAKE_MATCH_0}")
  set(said "")
  foreach(name IN LISTS quoted)
    string(REPLACE "`" "" name "${name}")
    if(name IN_LIST names)
      list(APPEND said "${name}")
    endif()
  endforeach()
  list(SORT said)
  if(NOT said STREQUAL uses)
    string(REPLACE ";" ", " said "${said}")
    string(REPLACE ";" ", " uses "${uses}")
    string(APPEND problems "\n  ${readme}: \"May use:\" names (${said}), the build links (${uses})")
  endif()
endforeach()
if(problems)
  message(FATAL_ERROR "The rooms' READMEs and the build disagree:${problems}\n"
                      "Make each README's \"May use:\" sentence name the rooms its room links in "
                      "runner/CMakeLists.txt.")
endif()
message(STATUS "docs/architecture.md and the rooms' READMEs match the rooms of the build")
