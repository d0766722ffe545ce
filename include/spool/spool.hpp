// Everything spool offers, in one include:
//
//   #include <spool/spool.hpp>
//
//   auto config = spool::toml::read_file<Config>("config.toml");
//   std::string json = spool::json::write(config.value());
//
// Each header below also stands alone; include only the formats you use to keep builds quick.
#pragma once

#include <spool/version.hpp>
#include <spool/error.hpp>
#include <spool/pool.hpp>
#include <spool/reflect.hpp>
#include <spool/datetime.hpp>
#include <spool/value.hpp>
#include <spool/json.hpp>
#include <spool/toml.hpp>
#include <spool/msgpack.hpp>
