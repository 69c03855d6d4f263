// The umbrella header: the whole public API of the oracle.
#pragma once
#include "tinyllm/llama.hpp"
#include "tinyllm/memory.hpp"
#include "tinyllm/nn.hpp"
#include "tinyllm/numerics.hpp"
#include "tinyllm/optim.hpp"
#include "tinyllm/random.hpp"
#include "tinyllm/tensor.hpp"
#include "tinyllm/train/precision.hpp"
#include "tinyllm/train/recompute.hpp"
