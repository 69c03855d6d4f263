// Sequential, the activation modules and mse.
#include <gtest/gtest.h>

#include "tinyllm/nn.hpp"

namespace tinyllm {
namespace {
using Values = std::vector<double>;

std::shared_ptr<nn::Sequential> small_model(Generator& gen, Generator& dropout_gen) {
  return std::make_shared<nn::Sequential>(std::vector<std::shared_ptr<nn::Module>>{
      std::make_shared<nn::Linear>(3, 4, gen), std::make_shared<nn::ReLU>(),
      std::make_shared<nn::Dropout>(0.5, dropout_gen), std::make_shared<nn::Linear>(4, 2, gen),
      std::make_shared<nn::Tanh>()});
}

// Catches: train() not passed to children (dropout would keep dropping in eval mode).
TEST(Sequential, TrainPassesToEveryLayer) {
  Generator gen(1), dropout_gen(2);
  auto model = small_model(gen, dropout_gen);
  model->train(false);
  for (std::size_t i = 0; i < model->size(); ++i) EXPECT_FALSE((*model)[i].training()) << i;
  const auto before = dropout_gen.get_state();
  const Tensor x = Tensor::full({2, 3}, 1.0);
  EXPECT_EQ((*model)(x).values(), (*model)(x).values());
  EXPECT_EQ(dropout_gen.get_state(), before);
  model->train();
  for (std::size_t i = 0; i < model->size(); ++i) EXPECT_TRUE((*model)[i].training()) << i;
}

// Catches: layers applied out of order, or parameters listed in another order than the layers'.
TEST(Sequential, ForwardAppliesLayersInOrderAndParametersFollowThem) {
  Generator gen(1), dropout_gen(2);
  auto model = small_model(gen, dropout_gen);
  model->train(false);
  auto& first = dynamic_cast<nn::Linear&>((*model)[0]);
  auto& second = dynamic_cast<nn::Linear&>((*model)[3]);
  const auto params = model->parameters();
  ASSERT_EQ(params.size(), 4u);
  EXPECT_TRUE(params[0].same(first.weight));
  EXPECT_TRUE(params[1].same(first.bias));
  EXPECT_TRUE(params[2].same(second.weight));
  EXPECT_TRUE(params[3].same(second.bias));
  const Tensor x = Tensor::from({0.5, -1, 2, 1, 1, -3}, {2, 3});
  EXPECT_EQ((*model)(x).values(), tanh(second(relu(first(x)))).values());
}

// Catches: zero_grad leaving a child's gradients behind.
TEST(Sequential, ZeroGradDropsEveryParametersGrad) {
  Generator gen(1), dropout_gen(2);
  auto model = small_model(gen, dropout_gen);
  sum((*model)(Tensor::full({2, 3}, 1.0))).backward();
  for (const Tensor& p : model->parameters()) EXPECT_TRUE(p.has_grad());
  model->zero_grad();
  for (const Tensor& p : model->parameters()) EXPECT_FALSE(p.has_grad());
}

// Catches: indexing past the end.
TEST(Sequential, IndexOutOfRangeIsRejected) {
  Generator gen(1), dropout_gen(2);
  auto model = small_model(gen, dropout_gen);
  EXPECT_EQ(model->size(), 5u);
  try {
    (*model)[5];
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("5 layers"), std::string::npos) << e.what();
  }
}

// Catches: mse as a sum (no mean), the square missing, or its gradient off by the factor 2 / n.
// pred [1, 2, 4], target [1, 0, 1]: errors [0, 2, 3], mse = (0 + 4 + 9) / 3 = 13 / 3, gradient
// 2 * error / 3 = [0, 4/3, 2].
TEST(Mse, IsTheMeanOfSquaredErrors) {
  Tensor pred = Tensor::from({1, 2, 4}, {3}, DType::f64);
  pred.requires_grad_();
  const Tensor loss = nn::mse(pred, Tensor::from({1, 0, 1}, {3}, DType::f64));
  EXPECT_EQ(loss.shape(), Shape{});
  EXPECT_DOUBLE_EQ(loss.item(), 13.0 / 3.0);
  loss.backward();
  const auto g = pred.grad().values();
  EXPECT_DOUBLE_EQ(g[0], 0.0);
  EXPECT_DOUBLE_EQ(g[1], 4.0 / 3.0);
  EXPECT_DOUBLE_EQ(g[2], 2.0);
}

// Catches: mse broadcasting (3, 1) against (3,) into a (3, 3) loss instead of refusing.
TEST(Mse, ShapeMismatchIsRejectedNamingBothShapes) {
  try {
    nn::mse(Tensor::zeros({3, 1}), Tensor::zeros({3}));
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("mse"), std::string::npos) << message;
    EXPECT_NE(message.find("(3, 1)"), std::string::npos) << message;
    EXPECT_NE(message.find("(3,)"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace tinyllm
