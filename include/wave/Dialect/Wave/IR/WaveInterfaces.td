//===- WaveInterfaces.td - Interfaces of the wave dialect --*- tablegen -*-===//

#ifndef WAVE_DIALECT_WAVE_IR_WAVEINTERFACES_TD
#define WAVE_DIALECT_WAVE_IR_WAVEINTERFACES_TD

include "mlir/IR/OpBase.td"

def Wave_LaneAccessOpInterface : OpInterface<"LaneAccessOpInterface"> {
  let cppNamespace = "::mlir::wave";
  let description = [{
    A lane's access to a memref whose footprint is analyzable: element 0 of
    the lane's vector sits at `map(indices)`, and the following elements run
    contiguously along dimension `getContiguousDim()`.
  }];
  let methods = [
    InterfaceMethod<"The accessed memref.", "::mlir::TypedValue<::mlir::MemRefType>", "getMemref">,
    InterfaceMethod<"Index operands of the access map.", "::mlir::OperandRange", "getIndices">,
    InterfaceMethod<"Map from the index operands to element 0's coordinate.",
                    "::mlir::AffineMap", "getAccessMap">,
    InterfaceMethod<"Memory dimension along which the elements run.",
                    "unsigned", "getContiguousDim">,
    InterfaceMethod<"The lane vector's type.", "::mlir::VectorType", "getVectorType">,
    InterfaceMethod<"The element mask, or null.", "::mlir::Value", "getMask">,
    InterfaceMethod<"Whether the access writes memory.", "bool", "isWrite">,
    InterfaceMethod<"Whether elements outside the memref's shape are "
                    "skipped (read as zero, not written).",
                    "bool", "getBounded">,
    InterfaceMethod<"The MMA fragment the access moves, or null; such an "
                    "access addresses whole fragments until "
                    "wave-expand-fragments rewrites it.",
                    "::mlir::wave::FragmentAttr", "getFragmentAttr">,
  ];
}

#endif // WAVE_DIALECT_WAVE_IR_WAVEINTERFACES_TD
