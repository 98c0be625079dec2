// Endpoints of the ledger area (see ../endpoint.ts). Each export is one resource: { name: endpoint }.
export {}
