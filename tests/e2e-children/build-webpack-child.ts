/**
 * Builds the webpack child (children/webpack-vue) the way Vue CLI builds a Vue 3 app:
 * vue-loader for single-file components, deferred classic scripts, an extracted stylesheet,
 * a lazy chunk, assets from the public path. `tsx build-webpack-child.ts OUT_DIR`.
 */
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { VueLoaderPlugin } from 'vue-loader';
import webpack from 'webpack';

const source = path.join(import.meta.dirname, 'children', 'webpack-vue');
const out = process.argv[2];
if (!out) throw new Error('usage: tsx build-webpack-child.ts OUT_DIR');

const compiler = webpack({
  mode: 'production',
  context: source,
  entry: { app: './src/main.js' },
  output: {
    path: out,
    // Where it is deployed; embedded, src/public-path.js takes micro-app's public path instead.
    publicPath: '/webpack-child/',
    filename: 'js/[name].[contenthash:8].js',
    chunkFilename: 'js/[name].[contenthash:8].js',
    chunkLoadingGlobal: 'webpackJsonp_webpack_child',
    clean: true,
  },
  module: {
    rules: [
      // Imports without extensions, as a Vue CLI project writes them (this repository is "type": "module").
      { test: /\.js$/, resolve: { fullySpecified: false } },
      { test: /\.vue$/, loader: 'vue-loader' },
      { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      { test: /\.svg$/, type: 'asset/resource', generator: { filename: 'img/[name].[contenthash:8][ext]' } },
    ],
  },
  resolve: { modules: [path.resolve(import.meta.dirname, '../../node_modules')] },
  resolveLoader: { modules: [path.resolve(import.meta.dirname, '../../node_modules')] },
  plugins: [
    new VueLoaderPlugin(),
    new HtmlWebpackPlugin({ template: './index.html', scriptLoading: 'defer' }),
    new MiniCssExtractPlugin({ filename: 'css/[name].[contenthash:8].css' }),
    new webpack.DefinePlugin({
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    }),
  ],
  devtool: false,
  performance: { hints: false },
  stats: 'errors-only',
});

compiler.run((error, stats) => {
  compiler.close(() => {});
  if (error || stats?.hasErrors()) {
    console.error(error ?? stats?.toString('errors-only'));
    process.exit(1);
  }
});
