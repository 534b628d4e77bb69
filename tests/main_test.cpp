// The Catch2 runner for every test file of the project.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
