//===-- FPAtomicsPlugin.cpp - opt/clang plugin glue for libfpatomics ------===//
//
// The only C++ of the project besides lib/compat_syncscope.cpp: it registers
// the `lower-fp-atomics` module pass with the new pass manager, turns its
// parameters and the -fpa-* options into one fpa_options set, calls
// fpa_lower_module(), and turns the library's records into optimization
// remarks and warnings. All of the lowering is C, in lib/.
//
// Run it:
//   opt -load-pass-plugin=FPAtomics.so -passes='lower-fp-atomics<target=nvptx>' in.ll
//   clang -fpass-plugin=FPAtomics.so [-mllvm -fpa-report=-] ...   (clang 22)
//   clang -fplugin=FPAtomics.so -fpass-plugin=FPAtomics.so ...      (clang 15,
//                                             when -mllvm -fpa-* is used)
//
//===----------------------------------------------------------------------===//
#include "compat.h"
#include "fpatomics.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include FPA_PASS_PLUGIN_HEADER

#include <deque>
#include <memory>
#include <string>

using namespace llvm;

#define PASS_NAME "lower-fp-atomics"

namespace {

// One -fpa-NAME option per entry of the library's option table, so the
// plugin cannot drift from fpa-opt and the C API.
struct PluginOptions {
  std::deque<std::string> Names;
  std::deque<cl::opt<std::string>> Opts;
  cl::opt<std::string> Report{
      "fpa-report", cl::desc("Append the lower-fp-atomics report (one line a "
                             "decision) to this file; '-' is stderr"),
      cl::init("")};
  PluginOptions() {
    for (size_t I = 0; const fpa_option_info *Info = fpa_option_info_at(I);
         ++I) {
      Names.push_back(std::string("fpa-") + Info->name);
      Opts.emplace_back(StringRef(Names.back()), cl::desc(Info->help),
                        cl::value_desc(Info->values),
                        cl::init(Info->default_value));
    }
  }
};

// Constructed when the plugin is loaded, so that clang's -mllvm parsing (which
// clang 22 does after loading -fpass-plugin libraries) sees the options.
PluginOptions GlobalOptions;

PluginOptions &pluginOptions() { return GlobalOptions; }

[[noreturn]] void usageError(const std::string &Msg) {
#if FPA_HAS_FATAL_USAGE_ERROR
  reportFatalUsageError(Twine(PASS_NAME ": ") + Msg);
#else
  report_fatal_error(Twine(PASS_NAME ": ") + Msg, /*gen_crash_diag=*/false);
#endif
}

struct FpaError {
  char *Msg = nullptr;
  ~FpaError() { fpa_free(Msg); }
};

// The options in force: defaults, then -fpa-* given on the command line,
// then the pass parameters; null, with *Err set, where one is invalid.
std::unique_ptr<fpa_options, void (*)(fpa_options *)>
makeOptions(const std::string &Params, std::string *Err) {
  std::unique_ptr<fpa_options, void (*)(fpa_options *)> None(
      nullptr, fpa_options_destroy);
  fpa_options *O = nullptr;
  if (fpa_options_create(&O) != FPA_OK) {
    *Err = "out of memory";
    return None;
  }
  std::unique_ptr<fpa_options, void (*)(fpa_options *)> Owner(
      O, fpa_options_destroy);
  // The host's fatal-error handler stays in force (clang installs one; the
  // library's would replace it and then leave LLVM's default behind).
  fpa_options_set_catch_fatal(O, 0);
  PluginOptions &P = pluginOptions();
  size_t I = 0;
  if (P.Report.getNumOccurrences() > 1) {
    // the last would silently win, as fpa-opt refuses for its flags
    *Err = "-fpa-report given more than once";
    return None;
  }
  for (cl::opt<std::string> &Opt : P.Opts) {
    const fpa_option_info *Info = fpa_option_info_at(I++);
    if (!Opt.getNumOccurrences())
      continue;
    if (Opt.getNumOccurrences() > 1) {
      *Err = std::string("-fpa-") + Info->name + " given more than once";
      return None;
    }
    FpaError E;
    if (fpa_options_set(O, Info->name, Opt.getValue().c_str(), &E.Msg) !=
        FPA_OK) {
      *Err = std::string("-fpa-") + Info->name + ": " +
             (E.Msg ? E.Msg : "invalid value");
      return None;
    }
  }
  FpaError E;
  if (fpa_options_parse(O, Params.c_str(), &E.Msg) != FPA_OK) {
    *Err = E.Msg ? E.Msg : "invalid pass parameters";
    return None;
  }
  return Owner;
}

struct RemarkSink {
  raw_ostream *ReportOS = nullptr;
};

void onRecord(void *User, const fpa_record *R, LLVMValueRef V) {
  auto *Sink = static_cast<RemarkSink *>(User);
  Instruction *I = unwrap<Instruction>(V);
  Function &F = *I->getFunction();
  std::string Msg = std::string(R->operation) + " " + R->type + ": " +
                    fpa_action_name(R->action) + " " + R->strategy + ": " +
                    R->reason;
  if (R->action == FPA_ACTION_UNSUPPORTED) {
    // Always shown: the instruction stays and the backend may reject it.
    F.getContext().diagnose(DiagnosticInfoOptimizationFailure(
        F, I->getDebugLoc(), "lower-fp-atomics: left as is: " + Msg));
  } else {
    OptimizationRemarkEmitter ORE(&F);
    if (R->action == FPA_ACTION_REWRITTEN)
      ORE.emit(OptimizationRemark(PASS_NAME, "Rewritten", I) << Msg);
    else if (R->action == FPA_ACTION_RAISED)
      ORE.emit(OptimizationRemark(PASS_NAME, "Raised", I) << Msg);
    else if (R->action == FPA_ACTION_NOT_RAISED)
      ORE.emit(OptimizationRemarkMissed(PASS_NAME, "NotRaised", I) << Msg);
    else
      ORE.emit(OptimizationRemarkAnalysis(PASS_NAME, "Kept", I) << Msg);
  }
  if (Sink->ReportOS) {
    char *Line = fpa_record_format(R);
    if (Line)
      *Sink->ReportOS << Line << "\n";
    fpa_free(Line);
  }
}

struct LowerFPAtomicsPass : PassInfoMixin<LowerFPAtomicsPass> {
  std::string Params;
  explicit LowerFPAtomicsPass(std::string P = "") : Params(std::move(P)) {}

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    // An invalid -fpa-* value is the user's error, not a crash: an error
    // diagnostic (clang prints it as such and fails). The module is then
    // lowered with the default options, with no report, so that a backend
    // that cannot select float atomics (SPIR-V without the extensions)
    // does not end the compile with a crash banner after that error.
    std::string Err;
    auto Opts = makeOptions(Params, &Err);
    bool Failed = !Opts;
    if (Failed) {
      M.getContext().emitError(Twine(PASS_NAME ": ") + Err);
      fpa_options *D = nullptr;
      if (fpa_options_create(&D) != FPA_OK)
        return PreservedAnalyses::all();
      fpa_options_set_catch_fatal(D, 0);
      Opts.reset(D);
    }
    if (!fpa_module_is_target(wrap(&M), Opts.get()))
      return PreservedAnalyses::all();
    RemarkSink Sink;
    std::unique_ptr<raw_fd_ostream> File;
    const std::string &ReportPath =
        Failed ? std::string() : pluginOptions().Report.getValue();
    if (ReportPath == "-") {
      Sink.ReportOS = &errs();
    } else if (!ReportPath.empty()) {
      std::error_code EC;
      File = std::make_unique<raw_fd_ostream>(ReportPath, EC,
                                              sys::fs::OF_Append);
      if (EC) {
        // an error, and the lowering goes on without the report (as above)
        M.getContext().emitError(
            Twine(PASS_NAME ": -fpa-report: cannot open '") + ReportPath +
            "': " + EC.message());
        File.reset();
      }
      Sink.ReportOS = File.get();
    }
    fpa_options_set_callback(Opts.get(), onRecord, &Sink);
    fpa_report *Report = nullptr;
    FpaError E;
    int RC = fpa_lower_module(wrap(&M), Opts.get(), &Report, &E.Msg);
    // Any record but a loop left as it was may mean a change: a call
    // turned into an atomicrmw that then stays native or kept is one.
    size_t Changed = fpa_report_size(Report) -
                     fpa_report_count(Report, FPA_ACTION_NOT_RAISED);
    fpa_report_destroy(Report);
    if (RC != FPA_OK)
      M.getContext().emitError(Twine(PASS_NAME ": ") +
                               (E.Msg ? E.Msg : fpa_result_string(RC)));
    if (File) {
      // A write that failed (a full disk, /dev/full) is an error here: the
      // stream would otherwise end the process as it closes.
      File->flush();
      if (File->has_error()) {
        M.getContext().emitError(
            Twine(PASS_NAME ": -fpa-report: cannot write '") + ReportPath +
            "': " + File->error().message());
        File->clear_error();
      }
    }
    return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

} // namespace

static void registerCallbacks(PassBuilder &PB) {
  pluginOptions();
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (!Name.consume_front(PASS_NAME))
          return false;
        std::string Params;
        if (!Name.empty()) {
          if (!Name.consume_front("<") || !Name.consume_back(">"))
            return false;
          Params = Name.str();
          // Check now, so a bad parameter fails before anything runs.
          std::string Err;
          if (!makeOptions(Params, &Err))
            usageError(Err);
        }
        MPM.addPass(LowerFPAtomicsPass(Params));
        return true;
      });
  // clang -fpass-plugin: run on every module (host and device); modules of
  // other targets are left alone by the triple check, at every -O level.
  PB.registerOptimizerLastEPCallback(
#if FPA_OPTLAST_HAS_PHASE
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
#else
      [](ModulePassManager &MPM, OptimizationLevel) {
#endif
        MPM.addPass(LowerFPAtomicsPass());
      });
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "FPAtomics", FPA_VERSION_STRING,
          registerCallbacks};
}
